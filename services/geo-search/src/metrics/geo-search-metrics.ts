import { Counter, Gauge } from 'prom-client';
import { metricsRegistry, natsErrors, natsHandlerSeconds } from '@bleedkits/platform';

/**
 * geo-search's own figures on the process's /metrics. Gauges are read when Prometheus scrapes (nothing runs on the
 * hot path); the hot path only increments pre-bound counters and observes one histogram sample per query.
 */
type IndexSource = {
  kits(): number;
  revision(): number;
  headRevision(): number;
  readyAfterSeconds(): number | null;
  restoredFromSnapshot(): boolean;
};
let source: IndexSource | null = null;

/** Called once by the process's feed follower (the last replica started wins in a test process running several). */
export function observeIndex(from: IndexSource): void {
  source = from;
}

new Gauge({
  name: 'bk_geo_index_kits',
  help: 'Public kits in the spatial index',
  registers: [metricsRegistry],
  collect() {
    this.set(source?.kits() ?? 0);
  },
});

new Gauge({
  name: 'bk_geo_index_build_seconds',
  help: 'Seconds from the start of the process until its index could answer (first complete read of the feed)',
  registers: [metricsRegistry],
  collect() {
    this.set(source?.readyAfterSeconds() ?? 0);
  },
});

new Gauge({
  name: 'bk_geo_index_from_snapshot',
  help: '1 when this replica started from the stored snapshot of the projection, 0 when it read the whole feed',
  registers: [metricsRegistry],
  collect() {
    this.set(source?.restoredFromSnapshot() ? 1 : 0);
  },
});

new Gauge({
  name: 'bk_geo_index_revision_lag',
  help: 'Kit revisions committed in the register but not yet applied to the index (0 when current)',
  registers: [metricsRegistry],
  collect() {
    this.set(source ? Math.max(0, source.headRevision() - source.revision()) : 0);
  },
});

const viewportCache = new Counter({
  name: 'bk_geo_viewport_cache_total',
  help: 'Viewport answers by cache result (hit ratio = hit / all)',
  labelNames: ['result'],
  registers: [metricsRegistry],
});
export const viewportCacheHit = viewportCache.labels('hit');
export const viewportCacheMiss = viewportCache.labels('miss');

/** One hot query answered: its handler time in the platform's NATS histogram, its error code if it failed. */
export function observeHotQuery(subject: string, errorCode: string | null, startedAt: bigint): void {
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  handlerTimeOf(subject, errorCode ? 'error' : 'ok').observe(seconds);
  if (errorCode) natsErrors.labels(subject, errorCode).inc();
}

/** Each subject and outcome's child, made once: `labels()` builds its closures again on every call. */
const handlerTimes = new Map<string, ReturnType<typeof natsHandlerSeconds.labels>>();
function handlerTimeOf(subject: string, outcome: 'ok' | 'error') {
  const id = `${subject} ${outcome}`;
  let child = handlerTimes.get(id);
  if (!child) handlerTimes.set(id, (child = natsHandlerSeconds.labels(subject, outcome)));
  return child;
}
