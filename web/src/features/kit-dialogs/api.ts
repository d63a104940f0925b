import type {
  AuditPageResponse,
  DeploymentStatus,
  Kit,
  KitEditRequest,
  MessageResponse,
  ReassignRequest,
  UserListResponse,
  VerifyKitChecklist,
} from '@bleedkits/contracts';
import { api } from '@/api/api';
import { KIT_CHANGED_TAGS, KIT_OWNERSHIP_CHANGED_TAGS } from '@/api/cache-tags';

/** The admin user list is cached for 5 minutes (spec §9). */
export const USER_LIST_CACHE_SECONDS = 300;

// Endpoint names carry a prefix: the slice is shared, and a same-named endpoint injected first by another feature would win.
export const kitDialogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    custodianKitDetails: build.query<Kit, number>({
      query: (id) => `/api/bleed-kits/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Kits', id }],
      keepUnusedDataFor: 0,
    }),
    custodianEditKit: build.mutation<Kit, KitEditRequest>({
      query: (body) => ({ url: '/api/admin/kit-edit', method: 'PUT', body }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    custodianSetDeploymentStatus: build.mutation<Kit, { kitId: number; status: DeploymentStatus; notes: string | null }>({
      query: ({ kitId, status, notes }) => ({ url: `/api/bleed-kits/${kitId}/deployment-status`, method: 'POST', body: { status, notes } }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    custodianVerifyKit: build.mutation<Kit, { kitId: number; checklist: VerifyKitChecklist }>({
      query: ({ kitId, checklist }) => ({ url: `/api/bleed-kits/${kitId}/verify`, method: 'POST', body: checklist }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    custodianDeleteKit: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/api/bleed-kits/${id}`, method: 'DELETE' }),
      invalidatesTags: KIT_OWNERSHIP_CHANGED_TAGS,
    }),
    custodianReassignKit: build.mutation<unknown, ReassignRequest>({
      query: (body) => ({ url: '/api/admin/bleed-kits/reassign', method: 'PATCH', body }),
      invalidatesTags: KIT_OWNERSHIP_CHANGED_TAGS,
    }),
    /** A kit's History (admins): the audit trail's call, filtered by the kit, a page at a time. */
    custodianKitHistory: build.query<AuditPageResponse, { kitId: number; cursor: string | null }>({
      query: ({ kitId, cursor }) =>
        `/api/admin/audit?targetType=kit&targetId=${kitId}&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      keepUnusedDataFor: 0,
    }),
    custodianAssignableUsers: build.query<UserListResponse['users'], void>({
      query: () => '/api/admin/user-management',
      transformResponse: (body: UserListResponse | null) => body?.users ?? [],
      providesTags: ['Users'],
      keepUnusedDataFor: USER_LIST_CACHE_SECONDS,
    }),
  }),
});

export const {
  useCustodianKitDetailsQuery,
  useCustodianEditKitMutation,
  useCustodianSetDeploymentStatusMutation,
  useCustodianVerifyKitMutation,
  useCustodianDeleteKitMutation,
  useCustodianReassignKitMutation,
  useCustodianAssignableUsersQuery,
  useCustodianKitHistoryQuery,
} = kitDialogsApi;
