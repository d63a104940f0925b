import type { PublicKit } from '../kits/kit';

/** Map and finder constants of the spec (§9 Map). */
export const FINDER = {
  defaultCentre: { lat: 54.0037, lng: -2.5479 },
  defaultZoom: 6,
  minZoom: 5,
  maxZoom: 18,
  searchResultZoom: 13,
  viewportLimit: 1000,
  nearbyRadiusKm: 25,
  nearbyDefaultLimit: 100,
  maxLimit: 1000,
  refetchDebounceMs: 500,
  viewportCacheSeconds: 60,
  statsPollMs: 60_000,
  earthRadiusKm: 6371,
  clusterClickZoomStep: 2,
} as const;

/** supercluster options (spec: min zoom 0, max zoom 16, min points 2, radius 40, extent 512, node size 64). */
export const CLUSTER_OPTIONS = { minZoom: 0, maxZoom: 16, minPoints: 2, radius: 40, extent: 512, nodeSize: 64 } as const;

/** A server-side cluster in a viewport answer. */
export type KitCluster = { isCluster: true; id: string; count: number; latitude: number; longitude: number };
export type ViewportItem = PublicKit | KitCluster;
export type NearbyKit = PublicKit & { distance: number };

/**
 * A public kit as the finder shows it: what the snapshot reader (readPublicSnapshot) gives, and what the web's
 * listing reader makes of any listing answer.
 */
export type FinderKit = {
  id: string;
  locationName: string;
  locationType: string | null;
  latitude: number | null;
  longitude: number | null;
  availability: string | null;
  openingHours: string | null;
  what3words: string | null;
  addressLine1: string | null;
  postcode: string | null;
  detailedLocation: string | null;
  deploymentStatus: string | null;
  verificationStatus: string | null;
  /** km from the searched place or position, when the answer carries it. */
  distance: number | null;
};

export type ViewportQuery = { north: number; south: number; east: number; west: number; zoom: number; limit: number };
export type NearbyQuery = { lat: number; lng: number; radius: number; limit: number };
export type SearchQuery = { location: string; radius?: number; limit?: number };

export const FinderMessages = {
  emptySearch: 'Please enter a location to search for kits.',
  emptyWhat3words: 'Please enter a what3words location.',
  placeNotFound: 'We could not find that location. Please check the postcode or place name.',
} as const;

/** what3words answers (spec §7). */
export type What3wordsStatus = 'success' | 'api_error' | 'no_api_key';
export type What3wordsToCoordinates = { status: What3wordsStatus; coordinates?: { lat: number; lng: number }; message?: string };
export type CoordinatesToWhat3words = { status: What3wordsStatus; words?: string; message?: string };

export type StatsResponse = { totalKits: number };

export function isCluster(item: ViewportItem): item is KitCluster {
  return (item as KitCluster).isCluster === true;
}
