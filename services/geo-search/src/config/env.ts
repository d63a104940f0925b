import { cleanEnv, num, str } from 'envalid';
import { DEFAULT_VERIFICATION_GRACE_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readGeoSearchEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      GEO_CATCHUP_INTERVAL_MS: num({ default: 2000, desc: 'periodic catch-up on the kits change feed, so a lost hint only delays an update' }),
      GEO_FEED_PAGE_SIZE: num({
        default: 1500,
        desc: 'changes per kits.public-changes request (~600 KB of listings; the feed caps it at 5000 and at 700 KB)',
      }),
      GEO_FEED_PARALLEL_RANGES: num({ default: 4, desc: 'feed ranges read at once when far behind (first load, long outage)' }),
      GEO_FEED_TIMEOUT_MS: num({ default: 10_000, desc: 'timeout of one kits.public-changes page request' }),
      GEO_VIEWPORT_CACHE_ENTRIES: num({
        default: 5000,
        desc: 'serialised viewport answers kept (a change drops only the answers whose box holds the kit)',
      }),
      GEO_VIEWPORT_CACHE_BYTES: num({ default: 160 * 1024 * 1024, desc: 'memory the cached viewport answers may take' }),
      GEO_SNAPSHOT_MIN_INTERVAL_MS: num({
        default: 60_000,
        desc: 'the offline public snapshot is remade on demand at most this often (and only when the index changed)',
      }),
      GEO_SNAPSHOT_CHUNK_BYTES: num({
        default: 512 * 1024,
        desc: 'bytes of the gzipped public snapshot per NATS reply (a NATS message is at most 1 MB)',
      }),
      GEO_PROJECTION_SNAPSHOT_BUCKET: str({
        default: 'geo-search-snapshots',
        desc: "JetStream object store bucket of the public projection's snapshot (a new replica starts from it); 'off' reads the whole feed",
      }),
      NATS_JETSTREAM_REPLICAS: num({
        default: 1,
        choices: [1, 3, 5],
        desc: 'copies of the snapshot bucket a NATS cluster keeps (1 on one server; 3 on a three-server cluster, so losing one loses nothing)',
      }),
      GEO_PROJECTION_SNAPSHOT_INTERVAL_MS: num({
        default: 300_000,
        desc: 'how often the replicas store a new snapshot of the projection: each looks this often and stores one when the register moved on and none was stored in the last three quarters of it',
      }),
      GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS: num({
        default: 10_000,
        desc: 'with no snapshot stored yet, the first one is written this long after the replica is ready',
      }),
      GEO_PROJECTION_SNAPSHOT_MAX_AGE_MS: num({
        default: 30 * 86_400_000,
        desc: 'an older stored snapshot is not used (the whole feed is read instead)',
      }),
      GEO_PROJECTION_SNAPSHOT_TIMEOUT_MS: num({
        default: 120_000,
        desc: 'reading or writing the snapshot takes at most this long; then the feed alone is used',
      }),
      POSTCODES_IO_BASE_URL: str({
        default: 'https://api.postcodes.io',
        desc: "postcodes.io for postcodes, outward codes and places; 'off' uses only the register's gazetteer (and Google when keyed)",
      }),
      GOOGLE_GEOCODING_API_KEY: str({ default: '', desc: 'enables the Google Geocoding adapter' }),
      GOOGLE_GEOCODING_BASE_URL: str({ default: 'https://maps.googleapis.com/maps/api/geocode/json' }),
      GEOCODING_TIMEOUT_MS: num({ default: 1500, desc: 'per provider call; a slow provider falls through to the next geocoder' }),
      W3W_API_KEY: str({ default: '', desc: "what3words API key; without it the what3words calls answer status 'no_api_key'" }),
      W3W_BASE_URL: str({ default: 'https://api.what3words.com/v3' }),
      W3W_TIMEOUT_MS: num({ default: 3000 }),
      VERIFICATION_GRACE_DAYS: num({
        default: DEFAULT_VERIFICATION_GRACE_DAYS,
        desc: "days overdue before the public map shows a kit 'Needs Verification'",
      }),
    }),
  };
}
export type GeoSearchEnv = ReturnType<typeof readGeoSearchEnv>;
export const GEO_SEARCH_ENV = Symbol('GEO_SEARCH_ENV');
