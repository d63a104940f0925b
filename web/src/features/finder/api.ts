import { FINDER, type FinderKit, type StatsResponse, type ViewportQuery } from '@bleedkits/contracts';
import { readFinderItems, isFinderKit, type FinderItem } from './lib/listing';
import { type LatLng } from './lib/format';
import { api } from '@/api/api';

export type NearbyArgs = { lat: number; lng: number; radius: number };
/** The kits near a typed place, and the place itself when the server says where it is (X-Search-Place). */
export type SearchAnswer = { kits: FinderKit[]; place: LatLng | null };

function searchedPlace(header: string | null | undefined): LatLng | null {
  if (!header) return null;
  try {
    const p = JSON.parse(header) as { lat?: unknown; lng?: unknown };
    const lat = Number(p.lat);
    const lng = Number(p.lng);
    return typeof p.lat !== 'undefined' && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  } catch {
    return null;
  }
}

const kitsOnly = (answer: unknown): FinderKit[] => readFinderItems(answer).filter(isFinderKit);

export const finderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Kits and server clusters in the map's viewport; the spec caches these for 60 s. */
    finderViewportKits: build.query<FinderItem[], ViewportQuery>({
      query: (q) => ({ url: '/api/bleed-kits/public', params: q }),
      transformResponse: readFinderItems,
      keepUnusedDataFor: FINDER.viewportCacheSeconds,
    }),
    /** Kits near a typed place, nearest first. */
    finderSearch: build.query<SearchAnswer, string>({
      query: (location) => ({ url: '/api/bleed-kits/search', params: { location } }),
      transformResponse: (answer: unknown, meta: { response?: Response } | undefined) => ({
        kits: kitsOnly(answer),
        place: searchedPlace(meta?.response?.headers.get('X-Search-Place')),
      }),
      keepUnusedDataFor: 0,
    }),
    /** Kits within a radius of a position, nearest first, with distance in km. */
    finderNearby: build.query<FinderKit[], NearbyArgs>({
      query: (q) => ({ url: '/api/bleed-kits/nearby', params: q }),
      transformResponse: kitsOnly,
      keepUnusedDataFor: 0,
    }),
    kitStats: build.query<StatsResponse, void>({
      query: () => '/api/stats',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useFinderViewportKitsQuery, useLazyFinderSearchQuery, useLazyFinderNearbyQuery, useKitStatsQuery } = finderApi;
