import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MatchableKit } from '@bleedkits/contracts';

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

/** The kits a CSV comparison may match, found by its keys. */
@Injectable()
export class ComparisonCandidatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Kits whose serial key is one of `serials`, or whose (name key, postcode key) is one of the pairs, at most
   * `perKey` per key, the oldest first; a kit matched both ways comes twice.
   */
  async byKeys(serials: string[], locations: { name: string; postcode: string }[], perKey: number): Promise<MatchableKit[]> {
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
      [serials, locations.map((l) => l.name), locations.map((l) => l.postcode), perKey],
    );
    return rows.map(({ n: _n, ...kit }) => ({ ...kit, latitude: Number(kit.latitude), longitude: Number(kit.longitude) }));
  }
}
