import { type KitEntry, kitEntryOf } from '../src/projection/kit-entry';
import { placeKeysOf } from '../src/projection/place-keys';
import { seededRandom } from '@bleedkits/platform/testing';

/** A deterministic random sequence, so a failing case can be replayed (platform's seededRandom). */
export const rng = seededRandom;

/** A place like the register's: dense towns, sparse country, a few far away and near the antimeridian, some exact duplicates. */
export function randomPlace(r: () => number): { lat: number; lng: number } {
  const k = r();
  if (k < 0.5) return { lat: 53.4 + r() * 0.2, lng: -2.4 + r() * 0.3 };
  if (k < 0.9) return { lat: 50 + r() * 8, lng: -6 + r() * 8 };
  if (k < 0.95) return { lat: 53.45, lng: -2.25 };
  return { lat: -60 + r() * 120, lng: r() < 0.5 ? 179.9 + r() * 0.1 : -180 + r() * 0.1 };
}

export function entry(id: number, lat: number, lng: number, extra = '', postcode = 'WA14 1EN', city = 'Altrincham'): KitEntry {
  const json = JSON.stringify({ id, latitude: lat, longitude: lng, locationName: `Kit ${id}${extra}` });
  return kitEntryOf({ id, json, latitude: lat, longitude: lng, place: placeKeysOf(postcode, city), flipsAt: 0 });
}
