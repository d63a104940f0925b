import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { sharedDataPath } from '@bleedkits/platform/testing';

export type SeedKit = {
  locationName: string;
  addressLine1: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  status?: 'active' | 'pending' | 'rejected';
  publicDisplay?: boolean;
  custodianName: string;
  custodianEmail: string;
  custodianPhone: string;
  cabinetCode: string | null;
  /** Defaults: unlocked_cabinet (locked_cabinet when a cabinet code is given), '24/7', no what3words or detail. */
  locationType?: string;
  openingHours?: string;
  what3words?: string | null;
  detailedLocation?: string | null;
};

const TRAFFORD_CSV = sharedDataPath('trafford-defibrillators', 'trafford_defibrillators.csv');

/**
 * Real locations: Trafford Council's defibrillator sites (Open Government Licence v3, see the data set's README),
 * read from the shared data folder at test time and used as kit locations.
 */
export function traffordSites(): { name: string; address: string; city: string; postcode: string; latitude: number; longitude: number }[] {
  const [header, ...rows] = parse(readFileSync(TRAFFORD_CSV, 'utf8'), {
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    relax_column_count: true,
  }) as string[][];
  const col = (name: string) => header.indexOf(name);
  const na = (v: string | undefined) => (!v || v === 'NA' ? '' : v.trim());
  return rows
    .map((r) => {
      const town = na(r[col('Address3')]).split(',').pop()!.trim();
      return {
        name: na(r[col('Location')]),
        address: na(r[col('Address1')]) || na(r[col('Address2')]) || 'Unknown',
        city: town || 'Trafford',
        postcode: na(r[col('Postcode')]).toUpperCase(),
        latitude: Number(r[col('Latitude')]),
        longitude: Number(r[col('Longitude')]),
      };
    })
    .filter((s) => s.name && Number.isFinite(s.latitude) && Number.isFinite(s.longitude) && s.latitude !== 0);
}

/**
 * Seeds kits straight into the kits schema in one transaction, each row taking the next feed revision under the
 * kits context's revision lock (as its repository does), so geo-search reads them from the change feed.
 */
export async function seedKitsSql(databaseUrl: string, kits: readonly SeedKit[]): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(48151623)');
    const col = <K extends keyof SeedKit>(k: K, fallback?: SeedKit[K]) => kits.map((x) => x[k] ?? fallback ?? null);
    const { rows } = await db.query<{ revision: string }>(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, cabinet_code, location_name, address_line1, city, postcode,
          latitude, longitude, opening_hours, purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email,
          public_display, status, approved_at, what3words, detailed_location)
       SELECT nextval('kits.revision_seq'), 'SEED-' || t.ord, 'daniel_baird_foundation',
          COALESCE(t.ltype, CASE WHEN t.code IS NULL THEN 'unlocked_cabinet' ELSE 'locked_cabinet' END),
          t.code, t.name, t.addr, t.city, t.postcode, t.lat, t.lng, COALESCE(t.hours, '24/7'), DATE '2025-01-01', DATE '2029-01-01', t.cname, t.cphone, t.cemail,
          t.pub, t.status, CASE WHEN t.status = 'active' THEN now() END, t.w3w, t.detail
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::text[], $8::text[], $9::text[], $10::text[], $11::bool[], $12::text[],
                     $13::text[], $14::text[], $15::text[], $16::text[])
              WITH ORDINALITY AS t(name, addr, city, postcode, lat, lng, code, cname, cphone, cemail, pub, status, ltype, hours, w3w, detail, ord)
        ORDER BY t.ord
       RETURNING revision`,
      [
        col('locationName'),
        col('addressLine1'),
        col('city'),
        col('postcode'),
        col('latitude'),
        col('longitude'),
        col('cabinetCode'),
        col('custodianName'),
        col('custodianPhone'),
        col('custodianEmail'),
        col('publicDisplay', true),
        col('status', 'active'),
        col('locationType'),
        col('openingHours'),
        col('what3words'),
        col('detailedLocation'),
      ],
    );
    await db.query('COMMIT');
    return Math.max(...rows.map((r) => Number(r.revision)));
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}
