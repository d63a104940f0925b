import type { OutboxPageResponse, OutboxStatus } from '@bleedkits/contracts';
import { api } from '@/api/api';

export type OutboxQuery = { page: number; status?: OutboxStatus };

/** The Admin Tools outbox table (GET /api/admin/email-outbox): what left, what waits, what is stuck. */
export const emailOutboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminEmailOutbox: build.query<OutboxPageResponse, OutboxQuery>({
      query: ({ page, status }) => ({ url: '/api/admin/email-outbox', params: status ? { page, status } : { page } }),
    }),
  }),
});

export const { useAdminEmailOutboxQuery } = emailOutboxApi;
