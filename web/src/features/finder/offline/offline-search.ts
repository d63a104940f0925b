import { FINDER, FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode, outwardCode, type FinderKit } from '@bleedkits/contracts';
import { haversineKm, type LatLng } from '../lib/format';
import { hasPosition } from '../lib/listing';
import type { OfflineKits } from './snapshot-store';

/**
 * Where a typed place is, with no network: a full postcode of a kit in the snapshot (the centroid of its kits), else
 * its postcode district from the outward-code gazetteer that ships with the snapshot. Place names need a geocoder.
 */
export function offlinePlace(data: Pick<OfflineKits, 'kits' | 'outwardCodes'>, text: string): LatLng | null {
  const postcode = normalisePostcode(text);
  if (FULL_POSTCODE_PATTERN.test(postcode)) {
    const here = data.kits.filter((k) => k.postcode !== null && normalisePostcode(k.postcode) === postcode && hasPosition(k));
    if (here.length)
      return { lat: here.reduce((n, k) => n + k.latitude!, 0) / here.length, lng: here.reduce((n, k) => n + k.longitude!, 0) / here.length };
    return data.outwardCodes.get(outwardCode(postcode)) ?? null;
  }
  if (OUTWARD_CODE_PATTERN.test(postcode)) return data.outwardCodes.get(postcode) ?? null;
  return null;
}

/** The snapshot's kits within `radiusKm` of `origin`, nearest first, with the distance to 2 decimals like the server's. */
export function offlineNearby(
  data: Pick<OfflineKits, 'kits'>,
  origin: LatLng,
  radiusKm: number = FINDER.nearbyRadiusKm,
  limit: number = FINDER.nearbyDefaultLimit,
): FinderKit[] {
  const near: FinderKit[] = [];
  for (const kit of data.kits) {
    if (!hasPosition(kit)) continue;
    const distance = haversineKm(origin, { lat: kit.latitude, lng: kit.longitude });
    if (distance <= radiusKm) near.push({ ...kit, distance: Math.round(distance * 100) / 100 });
  }
  return near.sort((a, b) => a.distance! - b.distance!).slice(0, limit);
}
