import {
  FEED_PUSH_LOG_PAGE_SIZE,
  type FeedPushLogResponse,
  type FeedPushStatusResponse,
  type FeedPushSubscriptionView,
  type MessageResponse,
  type RotateFeedPushSecretResponse,
  type SetFeedPushResponse,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

const push = (clientId: string) => `/api/admin/ambulance-feed/clients/${encodeURIComponent(clientId)}/push`;

/** What the status and action calls answer; `null` when the client has no push subscription yet. */
export type FeedPushStatus = FeedPushSubscriptionView | null;
type ActionResponse = FeedPushStatusResponse & MessageResponse;

/**
 * A feed client's push (webhook) subscription (issue 30): its status and delivery log, and the admin's calls on it.
 * A write answers the subscription as it now stands, which goes straight into the cached status; the log is fetched
 * again.
 */
export const feedPushApi = api.enhanceEndpoints({ addTagTypes: ['FeedPush', 'FeedPushLog'] }).injectEndpoints({
  endpoints: (build) => ({
    adminFeedPush: build.query<FeedPushStatus, string>({
      // 404 is an answer here: the client has no subscription yet (the view then offers to set a webhook URL).
      query: (clientId) => ({ url: push(clientId), validateStatus: (response) => response.ok || response.status === 404 }),
      transformResponse: (response: FeedPushStatusResponse | null, meta) =>
        (meta as { response?: Response } | undefined)?.response?.status === 404 ? null : (response?.subscription ?? null),
      providesTags: (_result, _error, clientId) => [{ type: 'FeedPush', id: clientId }],
    }),
    adminFeedPushLog: build.query<FeedPushLogResponse, { clientId: string; page: number }>({
      query: ({ clientId, page }) => ({ url: `${push(clientId)}/deliveries`, params: { page, pageSize: FEED_PUSH_LOG_PAGE_SIZE } }),
      providesTags: (_result, _error, { clientId }) => [{ type: 'FeedPushLog', id: clientId }],
    }),
    adminSetFeedPush: build.mutation<SetFeedPushResponse, { clientId: string; url: string }>({
      query: ({ clientId, url }) => ({ url: push(clientId), method: 'PUT', body: { url } }),
      onQueryStarted: ({ clientId }, lifecycle) => keepStatus(clientId, lifecycle),
      invalidatesTags: (_result, error, { clientId }) => (error ? [] : [{ type: 'FeedPushLog', id: clientId }]),
    }),
    adminRotateFeedPushSecret: build.mutation<RotateFeedPushSecretResponse, string>({
      query: (clientId) => ({ url: `${push(clientId)}/rotate-secret`, method: 'POST' }),
      onQueryStarted: (clientId, lifecycle) => keepStatus(clientId, lifecycle),
    }),
    adminResumeFeedPush: build.mutation<ActionResponse, string>({
      query: (clientId) => ({ url: `${push(clientId)}/resume`, method: 'POST' }),
      onQueryStarted: (clientId, lifecycle) => keepStatus(clientId, lifecycle),
      invalidatesTags: (_result, error, clientId) => (error ? [] : [{ type: 'FeedPushLog', id: clientId }]),
    }),
    adminTestFeedPush: build.mutation<ActionResponse, string>({
      query: (clientId) => ({ url: `${push(clientId)}/test`, method: 'POST' }),
      onQueryStarted: (clientId, lifecycle) => keepStatus(clientId, lifecycle),
    }),
    adminReplayFeedPush: build.mutation<ActionResponse, { clientId: string; fromCursor: string }>({
      query: ({ clientId, fromCursor }) => ({ url: `${push(clientId)}/replay`, method: 'POST', body: { fromCursor } }),
      onQueryStarted: ({ clientId }, lifecycle) => keepStatus(clientId, lifecycle),
      invalidatesTags: (_result, error, { clientId }) => (error ? [] : [{ type: 'FeedPushLog', id: clientId }]),
    }),
  }),
});

/** Puts the subscription a write answered into the cached status (no second request for it). */
async function keepStatus(
  clientId: string,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: FeedPushStatusResponse }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(feedPushApi.util.upsertQueryData('adminFeedPush', clientId, data.subscription));
  } catch {
    // The caller shows the error; the cached status stays as it was.
  }
}

export const {
  useAdminFeedPushQuery,
  useAdminFeedPushLogQuery,
  useAdminSetFeedPushMutation,
  useAdminRotateFeedPushSecretMutation,
  useAdminResumeFeedPushMutation,
  useAdminTestFeedPushMutation,
  useAdminReplayFeedPushMutation,
} = feedPushApi;
