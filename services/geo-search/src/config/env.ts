import { cleanEnv, num, str } from 'envalid';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readGeoSearchEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      GEO_CATCHUP_INTERVAL_MS: num({ default: 2000, desc: 'periodic catch-up on the kits change feed, so a lost hint only delays an update' }),
      GEO_REBUILD_MIN_INTERVAL_MS: num({ default: 200, desc: 'coalescing window: the index is rebuilt at most this often' }),
      GEO_FEED_PAGE_SIZE: num({ default: 1500, desc: 'changes per kits.public-changes request (~600 KB of listings; the feed caps it at 5000 and at 700 KB)' }),
      GEO_FEED_PARALLEL_RANGES: num({ default: 4, desc: 'feed ranges read at once when far behind (first load, long outage)' }),
      GEO_FEED_TIMEOUT_MS: num({ default: 10_000, desc: 'timeout of one kits.public-changes page request' }),
      GEO_VIEWPORT_CACHE_ENTRIES: num({ default: 5000, desc: 'serialised viewport answers kept per index version' }),
      GEO_VIEWPORT_CACHE_BYTES: num({ default: 64 * 1024 * 1024, desc: 'memory the cached viewport answers may take' }),
      POSTCODES_IO_BASE_URL: str({ default: 'https://api.postcodes.io', desc: "postcodes.io for postcodes, outward codes and places; 'off' uses only the register's gazetteer (and Google when keyed)" }),
      GOOGLE_GEOCODING_API_KEY: str({ default: '', desc: 'enables the Google Geocoding adapter' }),
      GOOGLE_GEOCODING_BASE_URL: str({ default: 'https://maps.googleapis.com/maps/api/geocode/json' }),
      GEOCODING_TIMEOUT_MS: num({ default: 1500, desc: 'per provider call; a slow provider falls through to the next geocoder' }),
      W3W_API_KEY: str({ default: '', desc: "what3words API key; without it the what3words calls answer status 'no_api_key'" }),
      W3W_BASE_URL: str({ default: 'https://api.what3words.com/v3' }),
      W3W_TIMEOUT_MS: num({ default: 3000 }),
    }),
  };
}
export type GeoSearchEnv = ReturnType<typeof readGeoSearchEnv>;
export const GEO_SEARCH_ENV = Symbol('GEO_SEARCH_ENV');
