import type { PostcodeLookup } from '@bleedkits/platform';
import { type Located, PostcodeGeocoder } from './postcode-geocoder.port';

/**
 * The import's postcodes.io step, over the register's one postcodes.io client (platform), which asks in bulk (100
 * a request) and throws when postcodes.io cannot answer: the fallback then logs it and refuses those rows.
 */
export class PostcodesIoGeocoder extends PostcodeGeocoder {
  readonly name = 'postcodes.io';

  constructor(private readonly postcodes: PostcodeLookup) {
    super();
  }

  locate(postcodes: readonly string[]): Promise<Map<string, Located>> {
    return this.postcodes.postcodes(postcodes);
  }
}
