import type { Option } from '@bleedkits/contracts';
import { api } from '@/api/api';

// Endpoint names carry a prefix: the slice is shared, and a same-named endpoint injected first by another feature would win.
/** The calls behind the shared kit form: the configuration lists (Maps and what3words calls: components/maps/api.ts). */
export const kitFormApi = api.injectEndpoints({
  endpoints: (build) => ({
    kitFormAmbulanceServices: build.query<Option[], void>({
      query: () => '/api/config/ambulance-services',
    }),
    kitFormManufacturers: build.query<Option[], void>({
      query: () => '/api/config/manufacturers',
    }),
  }),
});

export const { useKitFormAmbulanceServicesQuery, useKitFormManufacturersQuery } = kitFormApi;
