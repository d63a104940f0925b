// The benchmark's register fixture: N synthetic kits spread like the UK population, written STRAIGHT into
// kits.kits with SQL. This is a benchmark fixture, not a path of the product: the product writes kits only
// through the kits service (which takes the revision lock, validates, publishes kits.evt.changed). Here the
// kits service has already migrated the empty database and is stopped; every row takes its revision from
// kits.revision_seq, exactly as the service would, so the change feed (kits.qry.changes.v1) serves these rows
// in revision order and geo-search builds its index from them like from any other register.
//
// Deterministic: the same (count, seed) writes the same kits.
import { createRequire } from 'node:module';
import { drawPoint, loadPopulation } from './population.mjs';
import { createRng, deriveSeed, intBetween, pick } from './rng.mjs';

const require = createRequire(import.meta.url);
const REVISION_LOCK_KEY = 48_151_623; // the kits service's revision lock (services/kits/src/database/kit.repository.ts)
const BATCH = 5_000;

const MAKES = ['daniel_baird_foundation', 'mere', 'traumamed', 'steroplast', 'st_john_ambulance', 'bleed_save', 'heartsafe'];
/** Shared with the other benchmarks' synthetic kits (snapshot.mjs), so they describe the same register. */
export const TYPES = [
  ['unlocked_cabinet', 0.45],
  ['locked_cabinet', 0.25],
  ['building_limited', 0.15],
  ['building_247', 0.15],
];
export const SITES = [
  'Community Centre',
  'Leisure Centre',
  'Library',
  'Pub',
  'Town Hall',
  'Railway Station',
  'Church',
  'Supermarket',
  'School',
  'Village Hall',
  'Sports Club',
  'Shopping Centre',
  'Pharmacy',
  'Fire Station',
];
export const STREETS = [
  'High Street',
  'Station Road',
  'Church Street',
  'Main Street',
  'Park Road',
  'London Road',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Church Lane',
  'Market Place',
  'Queen Street',
];
const FIRST = ['Alex', 'Sam', 'Jo', 'Chris', 'Priya', 'Mohammed', 'Sarah', 'David', 'Aisha', 'Tom', 'Emma', 'Rhys', 'Fiona', 'Ciaran'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Khan', 'Patel', 'Evans', 'Thomas', 'Roberts', 'Campbell', 'Murphy'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function availabilityOf(type) {
  const allDay = { isOpen: true, openTime: '00:00', closeTime: '23:59' };
  const weekday = { isOpen: true, openTime: '09:00', closeTime: '17:00' };
  const weekend = { isOpen: false, openTime: '10:00', closeTime: '16:00' };
  if (type === 'building_limited') {
    const a = { is24x7: false, isTermTimeOnly: false };
    DAYS.forEach((d, i) => (a[d] = { ...(i < 5 ? weekday : weekend) }));
    return { json: JSON.stringify(a), text: 'Mon-Fri: 09:00-17:00' };
  }
  const a = { is24x7: true, isTermTimeOnly: false };
  for (const d of DAYS) a[d] = { ...allDay };
  return { json: JSON.stringify(a), text: '24/7' };
}

export function weighted(rng, pairs) {
  let x = rng();
  for (const [v, w] of pairs) {
    if ((x -= w) < 0) return v;
  }
  return pairs[pairs.length - 1][0];
}

/** what3words-like words for the listings that have an address of three words. */
const WORDS = [
  'filled',
  'count',
  'soap',
  'index',
  'home',
  'raft',
  'table',
  'chair',
  'lamp',
  'river',
  'stone',
  'apple',
  'crisp',
  'brave',
  'quiet',
  'limit',
  'spoon',
  'tiger',
  'music',
  'paper',
];

/**
 * A public listing as the kits feed sends it (contracts: toPublicKit), like the benchmark register's kits: what
 * bench:snapshot encodes and bench:index-heap indexes.
 */
export function publicKit(rng, i) {
  const { lat, lng, place } = drawPoint(rng);
  const type = weighted(rng, TYPES);
  const d = rng();
  return {
    id: i + 1,
    locationName: `${place.town} ${pick(rng, SITES)}`,
    locationType: type,
    latitude: Math.round(lat * 1e6) / 1e6,
    longitude: Math.round(lng * 1e6) / 1e6,
    availability: null,
    openingHours: type === 'building_limited' ? 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun' : '24/7',
    what3words: rng() < 0.3 ? `${pick(rng, WORDS)}.${pick(rng, WORDS)}.${pick(rng, WORDS)}` : null,
    addressLine1: `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`,
    city: place.town || 'Unknown',
    postcode: place.postcode,
    detailedLocation: type.startsWith('building') ? 'Inside the main entrance, on the left' : 'On the outside wall by the front door',
    deploymentStatus: d < 0.9 ? 'available' : d < 0.97 ? 'unchecked' : 'deployed',
    verificationStatus: 'verified',
  };
}

const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The ambulance service from the contracts' rule, loaded from `contractsEntry` (the benchmark's private build of
 * contracts). Without it every kit would be 'unknown' and the feed's per-service scopes would be empty.
 */
function ambulanceDetector(contractsEntry) {
  const c = require(contractsEntry ?? '@bleedkits/contracts');
  if (typeof c.detectAmbulanceService !== 'function') throw new Error(`${contractsEntry} has no detectAmbulanceService`);
  return (postcode, city) => c.detectAmbulanceService({ postcode, city });
}

/** One kit's column values, in COLUMNS order. */
function makeKit(rng, i, now, detect, serviceCache) {
  const { lat, lng, place } = drawPoint(rng);
  const type = weighted(rng, TYPES);
  const av = availabilityOf(type);
  const r = rng();
  // ~95 % approved and public; some approved but hidden from the public map; some still pending.
  const status = r < 0.98 ? 'active' : 'pending';
  const publicDisplay = r < 0.95 || r >= 0.98;
  const purchase = now - intBetween(rng, 30, 4 * 365) * 86_400_000;
  const expiry = purchase + 3 * 365 * 86_400_000;
  let service = serviceCache.get(place.postcode);
  if (!service) serviceCache.set(place.postcode, (service = detect(place.postcode, place.town)));
  const first = pick(rng, FIRST);
  const last = pick(rng, LAST);
  const d = rng();
  return [
    `BENCH-${String(i + 1).padStart(7, '0')}`,
    pick(rng, MAKES),
    type,
    type === 'locked_cabinet' ? String(intBetween(rng, 1000, 9999)) : null,
    `${place.town} ${pick(rng, SITES)}`,
    `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`,
    place.town || 'Unknown',
    place.postcode,
    Math.round(lat * 1e6) / 1e6,
    Math.round(lng * 1e6) / 1e6,
    type === 'building_limited' || type === 'building_247' ? 'Inside the main entrance, on the left' : 'On the outside wall by the front door',
    av.text,
    av.json,
    isoDate(purchase),
    isoDate(expiry),
    `${first} ${last}`,
    `07${String(intBetween(rng, 100000000, 999999999))}`,
    `${first}.${last}.${i + 1}@example.org`.toLowerCase(),
    service,
    publicDisplay,
    status,
    status === 'active' ? new Date(purchase + 86_400_000).toISOString() : null,
    status === 'active' && rng() < 0.7 ? new Date(now - intBetween(rng, 1, 300) * 86_400_000).toISOString() : null,
    d < 0.9 ? 'available' : d < 0.97 ? 'unchecked' : 'deployed',
    new Date(purchase).toISOString(),
  ];
}

const COLUMNS = [
  ['serial_number', 'text'],
  ['make', 'text'],
  ['location_type', 'text'],
  ['cabinet_code', 'text'],
  ['location_name', 'text'],
  ['address_line1', 'text'],
  ['city', 'text'],
  ['postcode', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
  ['detailed_location', 'text'],
  ['opening_hours', 'text'],
  ['availability', 'text'],
  ['purchase_date', 'date'],
  ['expiry_date', 'date'],
  ['custodian_name', 'text'],
  ['custodian_phone', 'text'],
  ['custodian_email', 'text'],
  ['ambulance_service', 'text'],
  ['public_display', 'bool'],
  ['status', 'text'],
  ['approved_at', 'timestamptz'],
  ['last_verified_at', 'timestamptz'],
  ['deployment_status', 'text'],
  ['created_at', 'timestamptz'],
];

const INSERT = `
  INSERT INTO kits.kits (revision, ${COLUMNS.map(([c]) => c).join(', ')}, manually_checked, updated_at)
  SELECT nextval('kits.revision_seq'), ${COLUMNS.map(([c]) => `u.${c}`).join(', ')}, true, u.created_at
    FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) WITH ORDINALITY
         AS u(${COLUMNS.map(([c]) => c).join(', ')}, ord)
   ORDER BY u.ord`;

/**
 * Writes `count` kits into an empty, migrated kits.kits. Resolves { count, publicCount, seconds, lastRevision }.
 * publicCount = active and public_display: what the public finder must show.
 */
export async function seedKits(databaseUrl, count, { seed = 20261121, log = () => {}, contracts } = {}) {
  const { Client } = require('pg');
  loadPopulation();
  const client = new Client({ connectionString: databaseUrl, application_name: 'bench-seed' });
  await client.connect();
  const started = Date.now();
  try {
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM kits.kits')).rows;
    if (n > 0) throw new Error(`kits.kits already holds ${n} rows; the benchmark seeds an empty register only`);
    // For big registers, drop kits.kits's secondary indexes during the load and recreate them afterwards from
    // their exact definitions (pg_indexes.indexdef), which is several times faster than maintaining them row by row.
    const indexes =
      count >= 100_000
        ? (
            await client.query(`SELECT i.indexname, i.indexdef FROM pg_indexes i
                              WHERE i.schemaname = 'kits' AND i.tablename = 'kits'
                                AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)
          ).rows
        : [];
    for (const ix of indexes) await client.query(`DROP INDEX kits."${ix.indexname}"`);
    const rng = createRng(deriveSeed(seed, `kits:${count}`));
    const now = Date.UTC(2026, 10, 1);
    const detect = ambulanceDetector(contracts);
    const serviceCache = new Map();
    let publicCount = 0;
    let generateMs = 0;
    for (let done = 0; done < count;) {
      const g = Date.now();
      const size = Math.min(BATCH, count - done);
      const cols = COLUMNS.map(() => new Array(size));
      for (let j = 0; j < size; j++) {
        const row = makeKit(rng, done + j, now, detect, serviceCache);
        for (let c = 0; c < row.length; c++) cols[c][j] = row[c];
        if (row[20] === 'active' && row[19] === true) publicCount++;
      }
      generateMs += Date.now() - g;
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [REVISION_LOCK_KEY]);
      await client.query(INSERT, cols);
      await client.query('COMMIT');
      done += size;
      if (done % 100_000 === 0 || done === count) log(`seeded ${done} / ${count} kits`);
    }
    if (indexes.length) {
      const t = Date.now();
      for (const ix of indexes) await client.query(ix.indexdef);
      log(`recreated ${indexes.length} indexes (${indexes.map((i) => i.indexname).join(', ')}) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    // A register that grew to this size over years has long been vacuumed: without it the first reads after a bulk
    // seed set hint bits and race autovacuum, which a benchmark would count against the code it measures.
    const v = Date.now();
    await client.query('VACUUM (ANALYZE) kits.kits, kits.feed_entries');
    log(`vacuumed and analysed kits and feed entries in ${((Date.now() - v) / 1000).toFixed(1)} s`);
    const [{ last }] = (await client.query(`SELECT max(revision)::bigint AS last FROM kits.kits`)).rows;
    const [{ pub }] = (await client.query(`SELECT count(*)::int AS pub FROM kits.kits WHERE status = 'active' AND public_display`)).rows;
    if (pub !== publicCount) throw new Error(`seeded ${publicCount} public kits but the table holds ${pub}`);
    return {
      count,
      publicCount,
      lastRevision: Number(last),
      seconds: (Date.now() - started) / 1000,
      generateSeconds: generateMs / 1000,
      indexesRebuilt: indexes.length,
    };
  } finally {
    await client.end();
  }
}
