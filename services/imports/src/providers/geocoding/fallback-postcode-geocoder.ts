import { Logger } from '@nestjs/common';
import { FULL_POSTCODE_PATTERN, normalisePostcode } from '@bleedkits/contracts';
import { type Located, PostcodeGeocoder } from './postcode-geocoder.port';

/**
 * The import's geocoding order: the register's gazetteer first (offline), then postcodes.io for what it did not
 * know. A provider that fails is logged and skipped. Only full postcodes are looked up: an outward code's centre
 * is kilometres from a kit, too far to pin one on (the finder's search may approximate; a registration may not).
 */
export class FallbackPostcodeGeocoder extends PostcodeGeocoder {
  readonly name = 'fallback';
  private readonly logger = new Logger('PostcodeGeocoder');

  constructor(private readonly providers: readonly PostcodeGeocoder[]) {
    super();
  }

  async locate(postcodes: readonly string[]): Promise<Map<string, Located>> {
    const found = new Map<string, Located>();
    let wanted = [...new Set(postcodes.map((p) => normalisePostcode(p)).filter((p) => FULL_POSTCODE_PATTERN.test(p)))];
    for (const provider of this.providers) {
      if (!wanted.length) break;
      try {
        for (const [postcode, place] of await provider.locate(wanted)) found.set(postcode, place);
      } catch (e) {
        this.logger.warn({ msg: 'geocoding provider failed; trying the next', provider: provider.name, error: (e as Error).message });
      }
      wanted = wanted.filter((p) => !found.has(p));
    }
    return found;
  }
}
