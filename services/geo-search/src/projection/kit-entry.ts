import { type KitFeedRecord, toPublicKit } from '@bleedkits/contracts';

/**
 * One public kit as geo-search keeps it: its public JSON serialised once (never re-serialised per query), the
 * fields the gazetteer needs, and a point in the shape supercluster reads, created once and reused by every
 * index build. Nothing private is ever copied in: only toPublicKit's fields reach `json`.
 */
export type KitEntry = {
  readonly id: number;
  readonly json: string;
  readonly postcode: string;
  readonly city: string;
  readonly geometry: { readonly type: 'Point'; readonly coordinates: [number, number] };
};

/**
 * JSON.stringify returns a string built from pieces that V8 keeps at about 1.4 bytes per character; a copy
 * through UTF-8 bytes is one flat string (about 1 byte per character: ~190 MB less at 1M kits).
 */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** Town names repeat across thousands of kits: one shared string each. */
const towns = new Map<string, string>();
function shared(town: string): string {
  let s = towns.get(town);
  if (s === undefined) {
    s = flat(town);
    if (towns.size < 100_000) towns.set(s, s);
  }
  return s;
}

/**
 * The structured schedule is what openingHours is written from, so public answers carry the text only; a legacy
 * plain-text availability (no JSON) is kept, as the finder reads it when there are no opening hours. This halves
 * a kit's JSON, and every viewport answer holds up to a thousand of them.
 */
function publicAvailability(availability: string | null): string | null {
  const a = availability?.trim();
  return a && !a.startsWith('{') ? a : null;
}

export function toKitEntry(kit: KitFeedRecord): KitEntry | null {
  const pub = { ...toPublicKit(kit), availability: publicAvailability(kit.availability) };
  const lat = Number(pub.latitude);
  const lng = Number(pub.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return {
    id: pub.id,
    json: flat(JSON.stringify({ ...pub, latitude: lat, longitude: lng })),
    postcode: flat(pub.postcode ?? ''),
    city: shared(pub.city ?? ''),
    geometry: { type: 'Point', coordinates: [lng, lat] },
  };
}

export const latitudeOf = (e: KitEntry) => e.geometry.coordinates[1];
export const longitudeOf = (e: KitEntry) => e.geometry.coordinates[0];
