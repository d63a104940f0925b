import { FULL_POSTCODE_PATTERN, OUTWARD_CODE_PATTERN, normalisePostcode } from '@bleedkits/contracts';
import type { PostcodeLookup } from '@bleedkits/platform';
import { type GeocodedPlace, GeocodingPort } from './geocoding.port';

/**
 * The search's postcodes.io step, over the register's one postcodes.io client (platform): a full postcode, else an
 * outward code, else a place name. The client throws when postcodes.io cannot answer; the resolver skips it then.
 */
export class PostcodesIoGeocoder extends GeocodingPort {
  readonly name = 'postcodes.io' as const;

  constructor(private readonly postcodes: PostcodeLookup) {
    super();
  }

  async geocode(text: string): Promise<GeocodedPlace | null> {
    const code = normalisePostcode(text);
    if (FULL_POSTCODE_PATTERN.test(code)) return this.place(await this.postcodes.postcode(code), code);
    if (OUTWARD_CODE_PATTERN.test(code)) return this.place(await this.postcodes.outcode(code), code);
    const named = await this.postcodes.place(text);
    return this.place(named, named?.name ?? '');
  }

  private place(point: { latitude: number; longitude: number } | null, label: string): GeocodedPlace | null {
    return point ? { lat: point.latitude, lng: point.longitude, label, source: this.name } : null;
  }
}
