import type { AuditAction, AuditPageResponse, AuditTargetType } from '@bleedkits/contracts';
import { api } from '@/api/api';

export type AuditPageArgs = {
  actorEmail?: string;
  action?: AuditAction | '';
  targetType?: AuditTargetType | '';
  targetId?: string;
  from?: string;
  to?: string;
  cursor?: string | null;
  limit?: number;
};

/** The query string of a page: empty filters are left out. */
export function auditQueryString(args: AuditPageArgs): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const adminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAuditPage: build.query<AuditPageResponse, AuditPageArgs>({
      query: (args) => `/api/admin/audit${auditQueryString(args)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAdminAuditPageQuery } = adminAuditApi;
