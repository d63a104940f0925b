import { Injectable } from '@nestjs/common';
import {
  FULL_POSTCODE_PATTERN,
  POSTCODE_PLACES_MAX,
  type PostcodePlacesRequest,
  type PostcodePlacesResponse,
  normalisePostcode,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { RegisterGazetteerRepository } from '../../database/register-gazetteer.repository';

/**
 * kits.qry.postcode-places.v1: the register's own gazetteer for full postcodes: the centre of the kits registered
 * at each one. It answers offline, before any geocoding provider is asked; anything not a full postcode is ignored.
 */
@Injectable()
export class PostcodePlacesHandler {
  constructor(private readonly gazetteer: RegisterGazetteerRepository) {}

  @Handles(KitsSubjects.postcodePlaces)
  async execute(req: PostcodePlacesRequest): Promise<PostcodePlacesResponse> {
    const postcodes = [...new Set((req?.postcodes ?? []).map((p) => normalisePostcode(String(p))).filter((p) => FULL_POSTCODE_PATTERN.test(p)))];
    if (postcodes.length > POSTCODE_PLACES_MAX) throw ServiceError.validation([`At most ${POSTCODE_PLACES_MAX} postcodes per request`]);
    if (!postcodes.length) return { places: {} };
    const places: PostcodePlacesResponse['places'] = {};
    for (const c of await this.gazetteer.centresOf(postcodes.map((p) => p.replace(/\s/g, ''))))
      places[normalisePostcode(c.postcode)] = { latitude: c.latitude, longitude: c.longitude };
    return { places };
  }
}
