import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode, outwardCode } from '@bleedkits/contracts';
import { type KitEntry, latitudeOf, longitudeOf } from '../projection/kit-entry';

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
      if (!key) return;
      let c = map.get(key);
      if (!c) map.set(key, (c = new Centroid(label)));
      c.add(lat, lng);
    };
    for (const e of entries) {
      const lat = latitudeOf(e);
      const lng = longitudeOf(e);
      const postcode = normalisePostcode(e.postcode);
      if (FULL_POSTCODE_PATTERN.test(postcode)) add(postcodes, postcode, postcode, lat, lng);
      const outward = outwardCode(postcode);
      if (OUTWARD_CODE_PATTERN.test(outward)) add(outwards, outward, outward, lat, lng);
      const city = e.city.trim();
      add(towns, townKey(city), city, lat, lng);
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
