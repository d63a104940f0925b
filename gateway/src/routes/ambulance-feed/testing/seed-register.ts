import { parse } from 'csv-parse/sync';
import { Client } from 'pg';

/** A real place per ambulance service (the postcode's own service), so kits land where their service is. */
export const SERVICE_PLACES = {
  north_west: { city: 'Manchester', postcode: 'M1 1AE', lat: 53.4808, lng: -2.2426 },
  london: { city: 'London', postcode: 'SW1A 1AA', lat: 51.5014, lng: -0.1419 },
  welsh: { city: 'Cardiff', postcode: 'CF10 1EP', lat: 51.4816, lng: -3.1791 },
  scottish: { city: 'Glasgow', postcode: 'G2 1DU', lat: 55.8609, lng: -4.2514 },
  yorkshire: { city: 'Leeds', postcode: 'LS1 4AP', lat: 53.7997, lng: -1.5492 },
  west_midlands: { city: 'Birmingham', postcode: 'B1 1AA', lat: 52.4862, lng: -1.8904 },
  north_east: { city: 'Newcastle upon Tyne', postcode: 'NE1 7RU', lat: 54.9783, lng: -1.6178 },
} as const;
export type SeedService = keyof typeof SERVICE_PLACES;

/** The cabinet code the seed gives a kit: it names the kit's service, so a leak to another service is visible. */
export const seededCode = (service: string, n: number) => `CODE-${service}-${n}`;

export type SeedOptions = {
  count: number;
  /** Services in turn (kit i goes to services[i % length]). */
  services: readonly SeedService[];
  status?: 'active' | 'pending' | 'rejected';
  /** Every n-th kit hidden from the public map (0: none). */
  hiddenEvery?: number;
  /** Owners in turn (null: unassigned). */
  owners?: readonly (string | null)[];
  serialPrefix?: string;
};

/**
 * Seeds kits straight into kits.kits in one statement, each row taking the next revision under the kits context's
 * revision lock exactly as its repository does (so the feed triggers and the change feed see ordinary writes).
 * Every other kit is a locked cabinet with a cabinet code naming its service. Returns the new kits' ids in order.
 */
export async function seedRegister(databaseUrl: string, o: SeedOptions): Promise<number[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const services = o.services.map((s) => s);
    const places = o.services.map((s) => SERVICE_PLACES[s]);
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(48151623)');
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, cabinet_code, location_name, address_line1, city, postcode,
          latitude, longitude, opening_hours, availability, purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email,
          ambulance_service, public_display, status, approved_at, owner_id, detailed_location)
       SELECT nextval('kits.revision_seq'), $9 || i, 'mere',
              CASE WHEN i % 2 = 0 THEN 'locked_cabinet' ELSE 'unlocked_cabinet' END,
              CASE WHEN i % 2 = 0 THEN 'CODE-' || ($1::text[])[1 + i % $2] || '-' || i END,
              'Kit site ' || i, i || ' High Street', ($3::text[])[1 + i % $2], ($4::text[])[1 + i % $2],
              ($5::float8[])[1 + i % $2] + (i % 997) * 0.0001, ($6::float8[])[1 + i % $2] - (i % 991) * 0.0001,
              '24/7', '{"is24x7":true,"isTermTimeOnly":false,"monday":{"isOpen":true,"openTime":"00:00","closeTime":"23:59"}}',
              DATE '2025-01-01', DATE '2028-01-01', 'Custodian ' || i, '0161 000 ' || lpad((i % 10000)::text, 4, '0'), 'custodian' || i || '@example.org',
              ($1::text[])[1 + i % $2], NOT ($7 > 0 AND i % $7 = 0), $8,
              CASE WHEN $8 = 'active' THEN now() END,
              ($10::uuid[])[1 + i % greatest(cardinality($10::uuid[]), 1)],
              'On the wall by the door'
         FROM generate_series(1, $11::int) AS i
        ORDER BY i
       RETURNING id::int`,
      [
        services,
        services.length,
        places.map((p) => p.city),
        places.map((p) => p.postcode),
        places.map((p) => p.lat),
        places.map((p) => p.lng),
        o.hiddenEvery ?? 0,
        o.status ?? 'active',
        `${o.serialPrefix ?? 'SEED'}-`,
        o.owners ?? [],
        o.count,
      ],
    );
    await db.query('COMMIT');
    return rows.map((r) => r.id);
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await db.end();
  }
}

/** The records of a CSV file under test, by its header's names (the gateway's own CSV reader, csv-parse). */
export function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<string, string>[];
}
