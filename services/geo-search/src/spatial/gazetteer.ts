import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode, outwardCode } from '@bleedkits/contracts';
import { type PlaceKeys, townKey } from '../projection/place-keys';

export type GazetteerPlace = { lat: number; lng: number; label: string };

/** What the gazetteer reads of a kit. */
export type GazetteerKit = { readonly latitude: number; readonly longitude: number; readonly place: PlaceKeys };

/** Fixed-point unit of the sums: a place's centre is the same whatever order its kits came and went in. */
const FIXED = 1e6;

class Centroid {
  n = 0;
  lat = 0;
  lng = 0;
  /** Towns only: how many kits list each spelling, so the label is chosen the same way on every replica. */
  labels: Map<string, number> | null = null;

  constructor(private readonly fixedLabel: string | null) {}

  add(lat: number, lng: number, sign: 1 | -1, label?: string): void {
    this.n += sign;
    this.lat += sign * Math.round(lat * FIXED);
    this.lng += sign * Math.round(lng * FIXED);
    if (label === undefined) return;
    this.labels ??= new Map();
    const left = (this.labels.get(label) ?? 0) + sign;
    if (left > 0) this.labels.set(label, left);
    else this.labels.delete(label);
  }

  /** The most common spelling, the first in code-point order on a tie. */
  private label(): string {
    if (this.fixedLabel !== null || !this.labels) return this.fixedLabel ?? '';
    let best = '';
    let most = 0;
    for (const [label, n] of this.labels) if (n > most || (n === most && label < best)) [best, most] = [label, n];
    return best;
  }

  place(): GazetteerPlace {
    return { lat: this.lat / this.n / FIXED, lng: this.lng / this.n / FIXED, label: this.label() };
  }
}

function update(map: Map<string, Centroid>, kit: GazetteerKit, sign: 1 | -1, key: string, fixedLabel: string | null, label?: string): void {
  let c = map.get(key);
  if (!c) map.set(key, (c = new Centroid(fixedLabel)));
  c.add(kit.latitude, kit.longitude, sign, label);
  if (c.n === 0) map.delete(key);
}

/**
 * The register's own gazetteer, kept up to date kit by kit: full postcodes, outward codes and towns of the public
 * kits, each at the centre of its kits. It answers offline and needs no provider.
 */
export class Gazetteer {
  private readonly postcodes = new Map<string, Centroid>();
  private readonly outwards = new Map<string, Centroid>();
  private readonly towns = new Map<string, Centroid>();

  static build(kits: Iterable<GazetteerKit>): Gazetteer {
    const g = new Gazetteer();
    for (const k of kits) g.add(k);
    return g;
  }

  add(kit: GazetteerKit): void {
    this.change(kit, 1);
  }

  remove(kit: GazetteerKit): void {
    this.change(kit, -1);
  }

  private change(kit: GazetteerKit, sign: 1 | -1): void {
    const { postcode, outward, town } = kit.place;
    if (postcode) update(this.postcodes, kit, sign, postcode, postcode);
    if (outward) update(this.outwards, kit, sign, outward, outward);
    if (town) update(this.towns, kit, sign, town.key, null, town.label);
  }

  /** An exact match: a registered full postcode, outward code or town name. */
  exact(query: string): GazetteerPlace | null {
    const postcode = normalisePostcode(query);
    if (FULL_POSTCODE_PATTERN.test(postcode)) return this.postcodes.get(postcode)?.place() ?? null;
    if (OUTWARD_CODE_PATTERN.test(postcode)) return this.outwards.get(postcode)?.place() ?? null;
    return this.towns.get(townKey(query))?.place() ?? null;
  }

  /** Every outward code (postcode district) with the centre of its kits: the offline snapshot's gazetteer. */
  outwardPlaces(): GazetteerPlace[] {
    return Array.from(this.outwards.values(), (c) => c.place());
  }

  /** A coarser match when nothing exact is known: the outward code of an unregistered full postcode. */
  approximate(query: string): GazetteerPlace | null {
    const postcode = normalisePostcode(query);
    if (FULL_POSTCODE_PATTERN.test(postcode)) return this.outwards.get(outwardCode(postcode))?.place() ?? null;
    return null;
  }
}
