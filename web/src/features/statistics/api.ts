import type { StatisticsResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/statistics: public figures of the register. */
    statistics: build.query<StatisticsResponse, void>({
      query: () => '/api/statistics',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useStatisticsQuery } = statisticsApi;
