import { type PublicKit, toPublicKit } from '@bleedkits/contracts';
import { type PlaceKeys, placeKeysOf } from '../spatial/gazetteer';

/**
 * One public kit as geo-search keeps it: its public JSON (serialised once, when its change is applied; never per
 * query), the names the gazetteer knows it by, and a point in the shape supercluster reads, created once and
 * reused by every index build. The public feed carries nothing private.
 */
export type KitEntry = {
  readonly id: number;
  readonly json: string;
  readonly place: PlaceKeys;
  readonly geometry: { readonly type: 'Point'; readonly coordinates: [number, number] };
};

/**
 * JSON.stringify returns a string built from pieces that V8 keeps at about 1.4 bytes per character; a copy
 * through UTF-8 bytes is one flat string (about 1 byte per character: ~190 MB less at 1M kits).
 */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

export function toKitEntry(kit: PublicKit): KitEntry | null {
  const lat = kit.latitude;
  const lng = kit.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  return {
    id: kit.id,
    // toPublicKit again: only the public fields reach an answer, whatever a feed record carries.
    json: flat(JSON.stringify(toPublicKit(kit))),
    place: placeKeysOf(kit.postcode ?? '', kit.city ?? ''),
    geometry: { type: 'Point', coordinates: [lng, lat] },
  };
}

export const latitudeOf = (e: KitEntry) => e.geometry.coordinates[1];
export const longitudeOf = (e: KitEntry) => e.geometry.coordinates[0];
