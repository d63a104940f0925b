import { bool, cleanEnv, num } from 'envalid';
import { withoutEmpty } from '@bleedkits/platform';

/**
 * The public finder's settings in the gateway (its routes are answered ahead of Nest, so they read their own):
 * how long one geo-search query may take before it is asked again of another replica (and how soon a map query is
 * also asked of a second one), the answers kept in memory, and what browsers and CDNs may cache.
 */
export function readFinderEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    FINDER_QUERY_TIMEOUT_MS: num({
      default: 2000,
      desc: 'one geo-search query; a query that times out is asked once more (another replica answers it)',
    }),
    FINDER_HEDGE_AFTER_MS: num({
      default: 25,
      desc: 'a viewport or nearby query not answered this long is also asked of another replica, and the first answer is used (0: never)',
    }),
    FINDER_HEDGE_SHARE: num({
      default: 0.05,
      desc: 'the part of viewport and nearby queries that may be asked twice (bounds the extra work hedging adds under heavy load)',
    }),
    FINDER_CACHE_BYTES: num({
      default: 32 * 1024 * 1024,
      desc: "memory of the gateway's cache of viewport and nearby answers (keyed by geo-search's index tag)",
    }),
    FINDER_CACHE_TTL_MS: num({
      default: 5000,
      desc: 'a cached answer, and the index tag the gateway knows, are trusted this long without news from geo-search',
    }),
    FINDER_MAX_AGE_SECONDS: num({ default: 10, desc: 'Cache-Control max-age of viewport and nearby answers (browsers and CDNs)' }),
    FINDER_STALE_WHILE_REVALIDATE_SECONDS: num({ default: 30, desc: 'Cache-Control stale-while-revalidate of viewport and nearby answers' }),
    BENCH_SQL_BASELINE: bool({
      default: false,
      desc: "also relays the benchmark's baselines: PostGIS (/api/bench/postgis-public, /api/bench/postgis-nearby) and the Node peer (/api/bench/peer-public, /api/bench/peer-nearby)",
    }),
  });
  // A share outside 0..1 or a negative delay would not fail: it would quietly turn hedging off, or into asking twice.
  if (!(env.FINDER_HEDGE_SHARE >= 0 && env.FINDER_HEDGE_SHARE <= 1))
    throw new Error(`FINDER_HEDGE_SHARE must be between 0 and 1 (the part of map queries that may be asked twice); got ${env.FINDER_HEDGE_SHARE}`);
  if (!(env.FINDER_HEDGE_AFTER_MS >= 0))
    throw new Error(`FINDER_HEDGE_AFTER_MS must be 0 (never hedge) or more milliseconds; got ${env.FINDER_HEDGE_AFTER_MS}`);
  return env;
}
export type FinderEnv = ReturnType<typeof readFinderEnv>;
