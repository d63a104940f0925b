import type {
  AdminKit,
  AdminUserRow,
  ApprovedKitsDownloadResponse,
  BulkApproveResponse,
  FixAddressesResult,
  KitStatusChangeResponse,
  LastDownloadResponse,
  MaintenanceResult,
  ManufacturerRow,
  MessageResponse,
  UserListResponse,
  UserResponse,
} from '@bleedkits/contracts';
import { api } from '@/api/api';
import { KIT_CHANGED_TAGS, KIT_OWNERSHIP_CHANGED_TAGS } from '@/api/cache-tags';

export type KitStatusChange = { id: number; status: 'active' | 'rejected' };
export type AdminUserUpdate = { userId: string; firstName: string; lastName: string; email: string };

/** The spec allows the all-kits answer to be an array or an object holding `kits`. */
function kitList(response: AdminKit[] | { kits: AdminKit[] } | null): AdminKit[] {
  if (Array.isArray(response)) return response;
  return response?.kits ?? [];
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminKits: build.query<AdminKit[], void>({
      query: () => '/api/test-kits',
      transformResponse: kitList,
      providesTags: ['AdminKits'],
    }),
    pendingKits: build.query<AdminKit[], void>({
      query: () => '/api/admin/pending-kits-working',
      transformResponse: kitList,
      providesTags: ['PendingKits'],
    }),
    /** Approve (pending to active), reject (pending to rejected) or reactivate (rejected to active). */
    changeKitStatus: build.mutation<KitStatusChangeResponse, KitStatusChange>({
      query: ({ id, status }) => ({ url: '/api/kit-status', params: { id, status } }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    bulkApprove: build.mutation<BulkApproveResponse, number[]>({
      query: (kitIds) => ({ url: '/api/admin/bulk-approve', method: 'POST', body: { kitIds } }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    deleteKit: build.mutation<MessageResponse, number>({
      query: (kitId) => ({ url: '/api/admin/bleed-kits', method: 'DELETE', params: { kitId } }),
      invalidatesTags: KIT_OWNERSHIP_CHANGED_TAGS,
    }),

    adminUsers: build.query<AdminUserRow[], void>({
      query: () => '/api/admin/user-management',
      transformResponse: (response: UserListResponse | null) => response?.users ?? [],
      providesTags: ['Users'],
    }),
    toggleUserRole: build.mutation<MessageResponse, { userId: string; email: string }>({
      query: ({ userId, email }) => ({ url: '/api/admin/user-management', method: 'POST', body: { action: 'toggle_role', userId, email } }),
      invalidatesTags: ['Users', 'CurrentUser'],
    }),
    resetUserPassword: build.mutation<MessageResponse, string>({
      query: (userId) => ({ url: '/api/admin/user-management', method: 'POST', body: { action: 'reset_password', userId } }),
    }),
    updateUser: build.mutation<MessageResponse & UserResponse, AdminUserUpdate>({
      query: (body) => ({ url: '/api/admin/user-management', method: 'PUT', body }),
      invalidatesTags: ['Users', 'AdminKits'],
    }),
    deleteUser: build.mutation<MessageResponse, string>({
      query: (userId) => ({ url: '/api/admin/user-management', method: 'DELETE', params: { userId } }),
      invalidatesTags: KIT_OWNERSHIP_CHANGED_TAGS,
    }),

    manufacturers: build.query<ManufacturerRow[], void>({
      query: () => '/api/admin/manufacturers',
      providesTags: ['Manufacturers'],
    }),
    addManufacturer: build.mutation<ManufacturerRow, string>({
      query: (name) => ({ url: '/api/admin/manufacturers', method: 'POST', body: { name } }),
      invalidatesTags: ['Manufacturers'],
    }),
    renameManufacturer: build.mutation<ManufacturerRow, { value: string; label: string }>({
      query: (body) => ({ url: '/api/admin/manufacturers', method: 'PUT', body }),
      invalidatesTags: ['Manufacturers'],
    }),
    removeManufacturer: build.mutation<MessageResponse, string>({
      query: (value) => ({ url: '/api/admin/manufacturers', method: 'DELETE', params: { value } }),
      invalidatesTags: ['Manufacturers'],
    }),

    lastApprovedDownload: build.query<LastDownloadResponse, void>({
      query: () => '/api/admin/download-approved-kits',
      providesTags: ['ApprovedDownload'],
    }),
    downloadApprovedKits: build.mutation<ApprovedKitsDownloadResponse, void>({
      query: () => ({ url: '/api/admin/download-approved-kits', method: 'POST' }),
      invalidatesTags: ['ApprovedDownload'],
    }),
    fixMissingAddresses: build.mutation<FixAddressesResult, void>({
      query: () => ({ url: '/api/admin/fix-missing-addresses', method: 'POST' }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    cleanSerialNumbers: build.mutation<MaintenanceResult, void>({
      query: () => ({ url: '/api/admin/clean-serial-numbers', method: 'POST' }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
    updateAmbulanceServices: build.mutation<MaintenanceResult, void>({
      query: () => ({ url: '/api/admin/update-ambulance-services', method: 'POST' }),
      invalidatesTags: KIT_CHANGED_TAGS,
    }),
  }),
});

export const {
  useAdminKitsQuery,
  usePendingKitsQuery,
  useChangeKitStatusMutation,
  useBulkApproveMutation,
  useDeleteKitMutation,
  useAdminUsersQuery,
  useToggleUserRoleMutation,
  useResetUserPasswordMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useManufacturersQuery,
  useAddManufacturerMutation,
  useRenameManufacturerMutation,
  useRemoveManufacturerMutation,
  useLastApprovedDownloadQuery,
  useDownloadApprovedKitsMutation,
  useFixMissingAddressesMutation,
  useCleanSerialNumbersMutation,
  useUpdateAmbulanceServicesMutation,
} = adminApi;
