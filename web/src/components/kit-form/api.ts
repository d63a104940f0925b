import type { Option } from '@bleedkits/contracts';
import { api } from '../../app/api';

/** What the three-word service answers (spec §7). */
export type ThreeWordStatus = 'success' | 'api_error' | 'no_api_key';
export type WordsToCoordinatesResponse = { status: ThreeWordStatus | string; coordinates?: { lat: number; lng: number }; message?: string };
export type CoordinatesToWordsResponse = { status: ThreeWordStatus | string; words?: string; message?: string };

/** GET /api/config answers the Maps key as text; empty or 'not configured' means no map. */
export function readMapsKey(text: unknown): string | null {
  const key = typeof text === 'string' ? text.trim() : '';
  return key === '' || key.toLowerCase().includes('not configured') ? null : key;
}

// Endpoint names carry a prefix: the slice is shared, and a same-named endpoint injected first by another feature would win.
/** The calls behind the shared kit form: configuration lists, the Maps key and the three-word service. */
export const kitFormApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Null when no key is configured or the call fails: the map is never required. */
    kitFormMapsKey: build.query<string | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/api/config');
        return { data: result.error ? null : readMapsKey(result.data) };
      },
    }),
    kitFormAmbulanceServices: build.query<Option[], void>({
      query: () => '/api/config/ambulance-services',
    }),
    kitFormManufacturers: build.query<Option[], void>({
      query: () => '/api/config/manufacturers',
    }),
    kitFormWordsToCoordinates: build.query<WordsToCoordinatesResponse, string>({
      query: (words) => ({ url: '/api/what3words/convert-to-coordinates', params: { words } }),
      keepUnusedDataFor: 0,
    }),
    kitFormCoordinatesToWords: build.query<CoordinatesToWordsResponse, { lat: number; lng: number }>({
      query: ({ lat, lng }) => ({ url: '/api/what3words/convert-to-3wa', params: { lat: String(lat), lng: String(lng) } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useKitFormMapsKeyQuery,
  useKitFormAmbulanceServicesQuery,
  useKitFormManufacturersQuery,
  useLazyKitFormWordsToCoordinatesQuery,
  useLazyKitFormCoordinatesToWordsQuery,
} = kitFormApi;
