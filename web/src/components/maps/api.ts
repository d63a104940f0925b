import type { CoordinatesToWhat3words, What3wordsToCoordinates } from '@bleedkits/contracts';
import { api } from '@/api/api';

/**
 * The location calls both the finder and the kit form make: the Maps key (`/api/config`, plain text; read it with
 * mapsKeyFromConfig, ./maps-key) and the what3words conversions. One endpoint each, one cache entry each.
 */
export const mapsApi = api.injectEndpoints({
  endpoints: (build) => ({
    mapsConfig: build.query<string, void>({
      query: () => '/api/config',
      transformResponse: (answer: unknown) => (typeof answer === 'string' ? answer : ''),
    }),
    what3wordsToCoordinates: build.query<What3wordsToCoordinates, string>({
      query: (words) => ({ url: '/api/what3words/convert-to-coordinates', params: { words } }),
      keepUnusedDataFor: 0,
    }),
    coordinatesToWhat3words: build.query<CoordinatesToWhat3words, { lat: number; lng: number }>({
      query: ({ lat, lng }) => ({ url: '/api/what3words/convert-to-3wa', params: { lat: String(lat), lng: String(lng) } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useMapsConfigQuery, useLazyWhat3wordsToCoordinatesQuery, useLazyCoordinatesToWhat3wordsQuery } = mapsApi;
