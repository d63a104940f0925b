import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode, outwardCode } from '@bleedkits/contracts';
import type { KitEntry } from '../projection/kit-entry';

export type GazetteerPlace = { lat: number; lng: number; label: string };

class Centroid {
  private lat = 0;
  private lng = 0;
  private n = 0;
  constructor(readonly label: string) {}
  add(lat: number, lng: number): void {
    this.lat += lat;
    this.lng += lng;
    this.n++;
  }
  place(): GazetteerPlace {
    return { lat: this.lat / this.n, lng: this.lng / this.n, label: this.label };
  }
}

export const townKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[,.]/g, ' ')
    .replace(/\b(uk|united kingdom|england|scotland|wales|northern ireland)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Where a kit can be found by name: its full postcode and outward code (normalised; null when not valid) and its
 * town. Worked out once, when the kit's change is applied, so a rebuild of the gazetteer only adds up centroids.
 */
export type PlaceKeys = { readonly postcode: string | null; readonly outward: string | null; readonly town: TownName | null };
type TownName = { readonly key: string; readonly label: string };

/** Outward codes and towns repeat across thousands of kits: one shared value each (bounded, in case of junk). */
const outwardCodes = new Map<string, string>();
const townNames = new Map<string, TownName | null>();
const SHARED_LIMIT = 200_000;

export function placeKeysOf(postcodeText: string, cityText: string): PlaceKeys {
  const postcode = normalisePostcode(postcodeText);
  let outward: string | null = outwardCode(postcode);
  if (!OUTWARD_CODE_PATTERN.test(outward)) outward = null;
  else {
    const shared = outwardCodes.get(outward);
    if (shared) outward = shared;
    else if (outwardCodes.size < SHARED_LIMIT) outwardCodes.set(outward, outward);
  }
  let town = townNames.get(cityText);
  if (town === undefined) {
    const label = cityText.trim();
    const key = townKey(label);
    town = key ? { key, label } : null;
    if (townNames.size < SHARED_LIMIT) townNames.set(cityText, town);
  }
  return { postcode: FULL_POSTCODE_PATTERN.test(postcode) ? postcode : null, outward, town };
}

/**
 * The register's own gazetteer, rebuilt with every index: full postcodes, outward codes and towns of registered
 * public kits, each at the centroid of its kits. It answers offline and needs no provider.
 */
export class Gazetteer {
  private constructor(
    private readonly postcodes: Map<string, Centroid>,
    private readonly outwards: Map<string, Centroid>,
    private readonly towns: Map<string, Centroid>,
  ) {}

  static build(entries: readonly KitEntry[]): Gazetteer {
    const postcodes = new Map<string, Centroid>();
    const outwards = new Map<string, Centroid>();
    const towns = new Map<string, Centroid>();
    const add = (map: Map<string, Centroid>, key: string, label: string, lat: number, lng: number) => {
      let c = map.get(key);
      if (!c) map.set(key, (c = new Centroid(label)));
      c.add(lat, lng);
    };
    for (const e of entries) {
      const [lng, lat] = e.geometry.coordinates;
      const { postcode, outward, town } = e.place;
      if (postcode) add(postcodes, postcode, postcode, lat, lng);
      if (outward) add(outwards, outward, outward, lat, lng);
      if (town) add(towns, town.key, town.label, lat, lng);
    }
    return new Gazetteer(postcodes, outwards, towns);
  }

  /** An exact match: a registered full postcode, outward code or town name. */
  exact(query: string): GazetteerPlace | null {
    const postcode = normalisePostcode(query);
    if (FULL_POSTCODE_PATTERN.test(postcode)) return this.postcodes.get(postcode)?.place() ?? null;
    if (OUTWARD_CODE_PATTERN.test(postcode)) return this.outwards.get(postcode)?.place() ?? null;
    return this.towns.get(townKey(query))?.place() ?? null;
  }

  /** A coarser match when nothing exact is known: the outward code of an unregistered full postcode. */
  approximate(query: string): GazetteerPlace | null {
    const postcode = normalisePostcode(query);
    if (FULL_POSTCODE_PATTERN.test(postcode)) return this.outwards.get(outwardCode(postcode))?.place() ?? null;
    return null;
  }
}
