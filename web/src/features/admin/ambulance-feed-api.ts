import type {
  CreateFeedClientRequest,
  CreateFeedClientResponse,
  FeedAccessLogResponse,
  FeedClientListResponse,
  FeedClientView,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

/** Admin Tools' ambulance-feed card: feed clients (one key each) and the access log of answers with cabinet codes. */
export const ambulanceFeedApi = api.enhanceEndpoints({ addTagTypes: ['FeedClients', 'FeedAccessLog'] }).injectEndpoints({
  endpoints: (build) => ({
    adminFeedClients: build.query<FeedClientView[], void>({
      query: () => '/api/admin/ambulance-feed/clients',
      transformResponse: (response: FeedClientListResponse | null) => response?.clients ?? [],
      providesTags: ['FeedClients'],
    }),
    adminCreateFeedClient: build.mutation<CreateFeedClientResponse, CreateFeedClientRequest>({
      query: (body) => ({ url: '/api/admin/ambulance-feed/clients', method: 'POST', body }),
      invalidatesTags: ['FeedClients'],
    }),
    adminRevokeFeedClient: build.mutation<{ message: string; client: FeedClientView }, string>({
      query: (id) => ({ url: `/api/admin/ambulance-feed/clients/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['FeedClients'],
    }),
    adminFeedAccessLog: build.query<FeedAccessLogResponse, { page: number }>({
      query: ({ page }) => ({ url: '/api/admin/ambulance-feed/access-log', params: { page } }),
      providesTags: ['FeedAccessLog'],
    }),
  }),
});

export const { useAdminFeedClientsQuery, useAdminCreateFeedClientMutation, useAdminRevokeFeedClientMutation, useAdminFeedAccessLogQuery } =
  ambulanceFeedApi;
