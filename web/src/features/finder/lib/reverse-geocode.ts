import type { LatLng } from './format';

/** Just what we use of the Maps geocoder, so this file works (and is testable) without the Google types or script. */
type GeocoderResult = { formatted_address?: string; address_components?: { long_name: string; types: string[] }[] };
type GeocoderLike = {
  geocode(request: { location: LatLng }, callback: (results: GeocoderResult[] | null, status: string) => void): unknown;
};
type MapsGlobal = { maps?: { Geocoder?: new () => GeocoderLike } };

export function hasMapsGeocoder(): boolean {
  return typeof window !== 'undefined' && typeof (window as { google?: MapsGlobal }).google?.maps?.Geocoder === 'function';
}

/**
 * Position to searchable text through the Maps geocoder: the postcode when the answer has one (the search endpoint
 * resolves postcodes most reliably), else the formatted address. Null when no geocoder is loaded or nothing is found.
 */
export async function reverseGeocode(position: LatLng): Promise<string | null> {
  const Geocoder = (window as { google?: MapsGlobal }).google?.maps?.Geocoder;
  if (!Geocoder) return null;
  const results = await new Promise<GeocoderResult[]>((resolve) => {
    try {
      new Geocoder().geocode({ location: position }, (r, status) => resolve(status === 'OK' && r ? r : []));
    } catch {
      resolve([]);
    }
  });
  for (const r of results) {
    const postcode = r.address_components?.find((c) => c.types.includes('postal_code'))?.long_name;
    if (postcode) return postcode;
  }
  return results.find((r) => r.formatted_address)?.formatted_address ?? null;
}
