import { Injectable, Logger } from '@nestjs/common';
import type { Gazetteer } from '../spatial/gazetteer';
import type { GeocodedPlace, GeocodingPort } from './geocoding.port';

export const GEOCODING_PROVIDERS = Symbol('GEOCODING_PROVIDERS');

/**
 * The search's geocoder order: (1) the register's gazetteer, exact (registered postcode, outward code or town:
 * offline and instant); (2) the configured providers in order, postcodes.io then Google, each with a short
 * timeout, a failure only logged and skipped; (3) the gazetteer's approximation (the outward code of an
 * unregistered full postcode). Nothing found → null (404).
 */
@Injectable()
export class PlaceResolver {
  private readonly logger = new Logger('PlaceResolver');

  constructor(private readonly providers: readonly GeocodingPort[]) {}

  async resolve(text: string, gazetteer: Gazetteer): Promise<GeocodedPlace | null> {
    const exact = gazetteer.exact(text);
    if (exact) return { ...exact, source: 'gazetteer' };
    for (const provider of this.providers) {
      try {
        const place = await provider.geocode(text);
        if (place) return place;
      } catch (e) {
        this.logger.warn({ msg: 'geocoding provider failed; trying the next', provider: provider.name, error: (e as Error).message });
      }
    }
    const approximate = gazetteer.approximate(text);
    return approximate ? { ...approximate, source: 'gazetteer' } : null;
  }
}
