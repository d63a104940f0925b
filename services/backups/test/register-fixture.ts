import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { sharedDataPath } from '@bleedkits/platform/testing';

/** Real third-party data, read where it lives (never copied into the repository). */
const OUTCODES_CSV = sharedDataPath('gibbs-uk-outcodes', 'postcodes.csv');

/** One CSV line; a quoted field may hold commas ("Morningside, Braid Hill and Swanston"). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** UK outward codes with their town and centroid (gibbs-uk-outcodes, CC0 1.0): 2,856 places. */
export function ukOutcodes(): { code: string; town: string; lat: number; lng: number }[] {
  const [header, ...lines] = readFileSync(OUTCODES_CSV, 'utf8').split(/\r?\n/).filter(Boolean);
  const cols = csvCells(header);
  const at = (name: string) => cols.indexOf(name);
  return lines
    .map(csvCells)
    .map((c) => ({ code: c[at('postcode')], town: c[at('town')], lat: Number(c[at('latitude')]), lng: Number(c[at('longitude')]) }))
    .filter((o) => o.code && o.town && Number.isFinite(o.lat) && Number.isFinite(o.lng));
}

/**
 * Fills a migrated, empty kits.kits with `count` kits spread over the UK's real outward codes, generated inside
 * Postgres (one INSERT ... SELECT per batch) so a register of a few hundred thousand kits takes seconds. A test
 * fixture for backups, which need a register big enough that a dump takes a while: each row takes its revision
 * from kits.revision_seq as the kits service would.
 */
export async function fillRegister(databaseUrl: string, count: number): Promise<void> {
  const places = ukOutcodes();
  const client = new Client({ connectionString: databaseUrl, application_name: 'backups-test-register' });
  await client.connect();
  try {
    await client.query('CREATE TEMP TABLE outcodes (n int PRIMARY KEY, code text, town text, lat float8, lng float8)');
    await client.query(
      `INSERT INTO outcodes SELECT u.ord - 1, u.code, u.town, u.lat, u.lng
         FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) WITH ORDINALITY AS u(code, town, lat, lng, ord)`,
      [places.map((p) => p.code), places.map((p) => p.town), places.map((p) => p.lat), places.map((p) => p.lng)],
    );
    const batch = 50_000;
    for (let from = 1; from <= count; from += batch) {
      await client.query(
        `INSERT INTO kits.kits (revision, serial_number, make, location_type, cabinet_code, location_name, address_line1, city, postcode,
                                latitude, longitude, detailed_location, opening_hours, availability, purchase_date, expiry_date,
                                custodian_name, custodian_phone, custodian_email, public_display, status, approved_at, last_verified_at,
                                deployment_status, manually_checked, created_at, updated_at)
         SELECT nextval('kits.revision_seq'),
                'REG-' || lpad(g::text, 7, '0'),
                (ARRAY['daniel_baird_foundation','mere','traumamed','steroplast','st_john_ambulance'])[1 + g % 5],
                CASE WHEN g % 4 = 0 THEN 'locked_cabinet' ELSE 'unlocked_cabinet' END,
                CASE WHEN g % 4 = 0 THEN lpad((g::bigint * 7919 % 10000)::text, 4, '0') END,
                o.town || (ARRAY[' Community Centre',' Library',' Village Hall',' Railway Station',' Leisure Centre'])[1 + g % 5],
                (1 + g % 250) || (ARRAY[' High Street',' Station Road',' Church Lane',' Park Road'])[1 + g % 4],
                o.town,
                o.code || ' ' || (g % 10) || chr(65 + g % 26) || chr(65 + (g / 26) % 26),
                round((o.lat + ((g % 200) - 100) / 20000.0)::numeric, 6),
                round((o.lng + ((g / 200 % 200) - 100) / 20000.0)::numeric, 6),
                'On the outside wall by the front door',
                '24/7',
                '{"is24x7":true,"isTermTimeOnly":false}',
                date '2024-01-01' + (g % 700),
                date '2027-01-01' + (g % 700),
                'Custodian ' || g,
                '07' || lpad((g::bigint * 104729 % 1000000000)::text, 9, '0'),
                'custodian.' || g || '@example.org',
                g % 20 <> 0,
                'active',
                timestamptz '2025-01-01' + g * interval '1 minute',
                timestamptz '2025-06-01' + g * interval '1 minute',
                'available',
                true,
                timestamptz '2024-12-01' + g * interval '1 minute',
                timestamptz '2025-01-01' + g * interval '1 minute'
           FROM generate_series($1::int, $2::int) g
           JOIN outcodes o ON o.n = g % $3`,
        [from, Math.min(count, from + batch - 1), places.length],
      );
    }
    await client.query('ANALYZE kits.kits');
  } finally {
    await client.end();
  }
}
