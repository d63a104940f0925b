import type { Kit, OwnerKitsResponse } from '@bleedkits/contracts';
import { api } from '@/api/api';

// Endpoint names carry a prefix: the slice is shared, and a same-named endpoint injected first by another feature would win.
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's kits. The spec's exception to the read policy: no caching, refetched on window focus. */
    custodianKits: build.query<OwnerKitsResponse, void>({
      query: () => '/api/bleed-kits/user',
      // The call may answer a bare array (older servers) or {kits, userRole}.
      transformResponse: (body: OwnerKitsResponse | Kit[] | null) =>
        Array.isArray(body) ? { kits: body, userRole: 'user' as const } : (body ?? { kits: [], userRole: 'user' as const }),
      providesTags: ['UserKits'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCustodianKitsQuery } = dashboardApi;
