import { type PublicKit, mercatorX, mercatorY, toPublicKit } from '@bleedkits/contracts';
import { type PlaceKeys, placeKeysOf } from './place-keys';
import { type PublicVerification, flipsAt, publicStatus } from './public-verification';

/** Bits of the integer map position: 2^30 cells per side of the Mercator square (~2 cm at UK latitudes). */
export const POSITION_BITS = 30;
const SIDE = 2 ** POSITION_BITS;

/**
 * Positions are kept in whole microdegrees (about 11 cm): V8 holds a small integer inside the object, and a double as
 * a number object of its own, two more objects per kit for every full collection to visit (bench:index-heap).
 */
export const MICRODEGREES = 1e6;

/**
 * One public kit as geo-search keeps it: its public JSON (serialised once, when its change is applied; never per
 * query), its position in microdegrees and as integer Web Mercator cells (which map cell holds it at any zoom, by a
 * shift), the names the gazetteer knows it by, and the minute its public verification status turns to overdue (0:
 * never without a new change). Immutable: a change makes a new entry. The public feed carries nothing private.
 */
export class KitEntry {
  constructor(
    readonly id: number,
    readonly json: string,
    /** Latitude and longitude in microdegrees (integers). */
    readonly lat6: number,
    readonly lng6: number,
    readonly x: number,
    readonly y: number,
    readonly place: PlaceKeys,
    readonly flipsAt: number,
    /**
     * A 64-bit hash of the JSON (two 32-bit halves, kept as signed 32-bit integers: V8 holds those in the object
     * itself, where an unsigned half above 2^31 is a number object of its own): the index's content hash is the XOR
     * of its kits'.
     */
    readonly h1: number,
    readonly h2: number,
  ) {}

  get latitude(): number {
    return this.lat6 / MICRODEGREES;
  }

  get longitude(): number {
    return this.lng6 / MICRODEGREES;
  }
}

/**
 * JSON.stringify returns a string built from pieces that V8 keeps at about 1.4 bytes per character; a copy
 * through UTF-8 bytes is one flat string at about 1 byte per character (the saving at 1M kits: bench/README.md).
 */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

const cellOf = (v: number) => Math.min(SIDE - 1, Math.max(0, Math.floor(v * SIDE)));

/**
 * Two independent 32-bit hashes of a text in one pass (cyrb53's mixing, both halves kept): what a kit contributes to
 * the content hash that names the index's state. Not cryptographic; a collision only costs a needless cache miss or,
 * with odds of 2^-64 per pair of states, a stale validator.
 */
export function textHash(s: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** A kit entry from its parts (a feed change, or a record of a stored snapshot, which carries the JSON's hash). */
export function kitEntryOf(p: {
  id: number;
  json: string;
  latitude: number;
  longitude: number;
  place: PlaceKeys;
  flipsAt: number;
  hash?: [number, number];
}): KitEntry {
  const [h1, h2] = p.hash ?? textHash(p.json);
  const lat6 = Math.round(p.latitude * MICRODEGREES);
  const lng6 = Math.round(p.longitude * MICRODEGREES);
  // The cells from the kept position, so an entry read back from a stored snapshot is the same entry.
  const x = cellOf(mercatorX(lng6 / MICRODEGREES));
  const y = cellOf(mercatorY(lat6 / MICRODEGREES));
  return new KitEntry(p.id, p.json, lat6, lng6, x, y, p.place, p.flipsAt, h1 | 0, h2 | 0);
}

export function toKitEntry(kit: PublicKit, due: string | null | undefined, verification: PublicVerification): KitEntry | null {
  const lat = kit.latitude;
  const lng = kit.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  // toPublicKit again: only the public fields reach an answer, whatever a feed record carries.
  const listing = toPublicKit(kit);
  listing.verificationStatus = publicStatus(kit.verificationStatus, due, verification);
  return kitEntryOf({
    id: kit.id,
    json: flat(JSON.stringify(listing)),
    latitude: lat,
    longitude: lng,
    place: placeKeysOf(kit.postcode ?? '', kit.city ?? ''),
    flipsAt: flipsAt(listing.verificationStatus, due, verification.graceDays),
  });
}

/** The same kit once its public verification status has turned to overdue (only its JSON changes). */
export function overdueEntry(e: KitEntry): KitEntry {
  const listing = JSON.parse(e.json) as PublicKit;
  listing.verificationStatus = 'overdue';
  return kitEntryOf({ id: e.id, json: flat(JSON.stringify(listing)), latitude: e.latitude, longitude: e.longitude, place: e.place, flipsAt: 0 });
}
