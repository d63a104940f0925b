import { POSTCODE_PLACES_MAX } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';
import { type Located, PostcodeGeocoder } from './postcode-geocoder.port';

/** The register's own gazetteer (the kits context: the centre of the kits at a postcode). Offline and instant. */
export class RegisterGazetteerGeocoder extends PostcodeGeocoder {
  readonly name = 'register gazetteer';

  constructor(
    private readonly bus: NatsBus,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async locate(postcodes: readonly string[]): Promise<Map<string, Located>> {
    const found = new Map<string, Located>();
    for (let i = 0; i < postcodes.length; i += POSTCODE_PLACES_MAX) {
      const res = await this.bus.request(KitsSubjects.postcodePlaces, { postcodes: postcodes.slice(i, i + POSTCODE_PLACES_MAX) }, this.timeoutMs);
      for (const [postcode, place] of Object.entries(res.places)) found.set(postcode, place);
    }
    return found;
  }
}
