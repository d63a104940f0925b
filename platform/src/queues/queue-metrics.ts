import { Gauge, Histogram } from 'prom-client';
import type { Queue } from 'bullmq';
import { metricsRegistry } from '../health/metrics';

const observed = new Set<Queue>();

/** Jobs per queue and state, read from Redis when Prometheus scrapes (not on a timer). */
new Gauge({
  name: 'bk_queue_jobs',
  help: 'Jobs per BullMQ queue and state',
  labelNames: ['queue', 'state'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const queue of observed) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized').catch(() => null);
      if (!counts) continue;
      for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
    }
  },
});

export const jobDuration = new Histogram({
  name: 'bk_job_seconds',
  help: 'Time to run one BullMQ job attempt, by queue, job name and outcome',
  labelNames: ['queue', 'name', 'outcome'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [metricsRegistry],
});

export function observeQueueDepth(queue: Queue): void {
  observed.add(queue);
}

/** The queues this process uses (readiness pings Redis through them). */
export function observedQueues(): ReadonlySet<Queue> {
  return observed;
}

export function forgetQueue(queue: Queue): void {
  observed.delete(queue);
}
