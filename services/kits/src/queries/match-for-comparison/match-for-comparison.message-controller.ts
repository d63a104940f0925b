import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  KitsSubjects,
  MATCHES_PER_KEY_MAX,
  MATCH_KEYS_MAX,
  type MatchKitsRequest,
  type MatchKitsResponse,
  type MatchableKit,
  locationMatchKey,
  serialMatchKey,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { assertAdmin } from '../../domain/admin-only';

const COLUMNS = `k.id::int AS id, k.status, k.serial_number AS "serialNumber", k.make, k.location_type AS "locationType",
  k.location_name AS "locationName", k.address_line1 AS "addressLine1", k.address_line2 AS "addressLine2", k.city, k.postcode,
  k.latitude, k.longitude, k.what3words, k.detailed_location AS "detailedLocation", k.opening_hours AS "openingHours",
  to_char(k.purchase_date, 'YYYY-MM-DD') AS "purchaseDate", to_char(k.expiry_date, 'YYYY-MM-DD') AS "expiryDate",
  k.custodian_name AS "custodianName", k.custodian_phone AS "custodianPhone", k.custodian_email AS "custodianEmail",
  k.ambulance_service AS "ambulanceService"`;
/** The same keys as contracts' serialMatchKey and locationMatchKey (postcodes are stored normalised). */
const SERIAL_KEY = `upper(btrim(k.serial_number))`;
const NAME_KEY = `lower(regexp_replace(btrim(k.location_name), '\\s+', ' ', 'g'))`;
const POSTCODE_KEY = `replace(k.postcode, ' ', '')`;

/**
 * kits.qry.match-for-comparison.v1 (admins): the kits the CSV comparison may match, by serial number or by location
 * name and postcode, at most a few per key (the oldest first) so a shared serial cannot flood the answer.
 */
@Controller()
export class MatchForComparisonMessageController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(KitsSubjects.matchForComparison)
  async handle(@Payload() req: MatchKitsRequest): Promise<MatchKitsResponse> {
    assertAdmin(req?.actor);
    const serials = [...new Set((req.serialNumbers ?? []).map(serialMatchKey).filter(Boolean))];
    const locations = [...new Set((req.locations ?? []).map((l) => locationMatchKey(l?.locationName, l?.postcode)).filter(Boolean))];
    if (serials.length + locations.length > MATCH_KEYS_MAX) throw ServiceError.validation([`At most ${MATCH_KEYS_MAX} keys per request`]);
    const names = locations.map((l) => l.split('|')[0]);
    const postcodes = locations.map((l) => l.split('|')[1]);
    const rows: (MatchableKit & { n: string })[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT ${COLUMNS}, row_number() OVER (PARTITION BY ${SERIAL_KEY} ORDER BY k.id) AS n
           FROM kits.kits k WHERE ${SERIAL_KEY} = ANY($1::text[])
       ) s WHERE n <= $4
       UNION ALL
       SELECT * FROM (
         SELECT ${COLUMNS}, row_number() OVER (PARTITION BY ${NAME_KEY}, ${POSTCODE_KEY} ORDER BY k.id) AS n
           FROM kits.kits k WHERE (${NAME_KEY}, ${POSTCODE_KEY}) IN (SELECT * FROM unnest($2::text[], $3::text[]))
       ) l WHERE n <= $4`,
      [serials, names, postcodes, MATCHES_PER_KEY_MAX],
    );
    const byId = new Map<number, MatchableKit>();
    for (const { n: _n, ...kit } of rows) byId.set(kit.id, { ...kit, latitude: Number(kit.latitude), longitude: Number(kit.longitude) });
    return { kits: [...byId.values()].sort((a, b) => a.id - b.id) };
  }
}
