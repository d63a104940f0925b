import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  FULL_POSTCODE_PATTERN,
  KitsSubjects,
  POSTCODE_PLACES_MAX,
  type PostcodePlacesRequest,
  type PostcodePlacesResponse,
  normalisePostcode,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';

/**
 * kits.qry.postcode-places.v1: the register's own gazetteer for full postcodes: the centre of the kits registered
 * at each one (rejected kits do not count). It answers offline, before any geocoding provider is asked.
 */
@Controller()
export class PostcodePlacesMessageController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(KitsSubjects.postcodePlaces)
  async handle(@Payload() req: PostcodePlacesRequest): Promise<PostcodePlacesResponse> {
    const postcodes = [...new Set((req?.postcodes ?? []).map((p) => normalisePostcode(String(p))).filter((p) => FULL_POSTCODE_PATTERN.test(p)))];
    if (postcodes.length > POSTCODE_PLACES_MAX) throw ServiceError.validation([`At most ${POSTCODE_PLACES_MAX} postcodes per request`]);
    if (!postcodes.length) return { places: {} };
    const rows: { postcode: string; latitude: number; longitude: number }[] = await this.dataSource.query(
      `SELECT min(k.postcode) AS postcode, avg(k.latitude) AS latitude, avg(k.longitude) AS longitude
         FROM kits.kits k WHERE replace(k.postcode, ' ', '') = ANY($1::text[]) AND k.status <> 'rejected'
        GROUP BY replace(k.postcode, ' ', '')`,
      [postcodes.map((p) => p.replace(/\s/g, ''))],
    );
    const places: PostcodePlacesResponse['places'] = {};
    for (const r of rows) places[normalisePostcode(r.postcode)] = { latitude: Number(r.latitude), longitude: Number(r.longitude) };
    return { places };
  }
}
