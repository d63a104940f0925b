import type { Kit, KitRegistration } from '@bleedkits/contracts';
import { api } from '@/api/api';
import { KIT_OWNERSHIP_CHANGED_TAGS } from '@/api/cache-tags';

// Endpoint names carry a prefix: the slice is shared, and a same-named endpoint injected first by another feature would win.
export const registerKitApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new kit awaits approval; the owner's and the admins' lists show it at once, and the owner's kit count. */
    custodianRegisterKit: build.mutation<Kit, KitRegistration>({
      query: (body) => ({ url: '/api/bleed-kits', method: 'POST', body }),
      invalidatesTags: KIT_OWNERSHIP_CHANGED_TAGS,
    }),
  }),
});

export const { useCustodianRegisterKitMutation } = registerKitApi;
