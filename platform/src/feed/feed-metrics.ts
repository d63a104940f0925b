import { Gauge } from 'prom-client';
import { metricsRegistry } from '../health/metrics';

/** What a running feed follower knows of its own position (read at scrape time, nothing on the hot path). */
export type FeedLag = {
  consumer: string;
  /** Revisions known to be committed (a page's head, a hint) that the consumer has not applied yet. */
  revisions(): number;
  /** Seconds since the start of the consumer's last read that reached the head: every change older is applied. */
  seconds(): number;
};

const followers = new Set<FeedLag>();

export function observeFeedLag(lag: FeedLag): void {
  followers.add(lag);
}

export function forgetFeedLag(lag: FeedLag): void {
  followers.delete(lag);
}

/** Per consumer; a process running several followers of one consumer (tests) reports the one furthest behind. */
function worstPerConsumer(read: (lag: FeedLag) => number): Map<string, number> {
  const worst = new Map<string, number>();
  for (const lag of followers) worst.set(lag.consumer, Math.max(worst.get(lag.consumer) ?? 0, read(lag)));
  return worst;
}

new Gauge({
  name: 'bk_feed_lag_revisions',
  help: 'Kit revisions committed but not yet applied by each consumer of the kits feed',
  labelNames: ['consumer'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [consumer, n] of worstPerConsumer((l) => l.revisions())) this.set({ consumer }, n);
  },
});

new Gauge({
  name: 'bk_feed_lag_seconds',
  help: 'Seconds since each consumer of the kits feed last read up to the head (every older change is applied)',
  labelNames: ['consumer'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [consumer, s] of worstPerConsumer((l) => l.seconds())) this.set({ consumer }, s);
  },
});
