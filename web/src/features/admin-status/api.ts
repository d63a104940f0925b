import type { SystemStatus } from '@bleedkits/contracts';
import { api } from '@/api/api';

export const adminStatusApi = api.enhanceEndpoints({ addTagTypes: ['SystemStatus'] }).injectEndpoints({
  endpoints: (build) => ({
    systemStatus: build.query<SystemStatus, void>({
      query: () => '/api/admin/status',
      providesTags: ['SystemStatus'],
    }),
  }),
});

export const { useSystemStatusQuery } = adminStatusApi;
