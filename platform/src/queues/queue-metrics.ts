import { Gauge, Histogram } from 'prom-client';
import type { Job, JobType, Queue } from 'bullmq';
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

/**
 * Age of the oldest job waiting to run, per queue: the time since it last became runnable (added, its delay over,
 * or its previous attempt ended). Workers that stopped or cannot keep up show here before anyone notices.
 */
new Gauge({
  name: 'bk_queue_oldest_waiting_seconds',
  help: 'Seconds the oldest waiting job of each BullMQ queue has waited (0 when none waits)',
  labelNames: ['queue'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const queue of observed) {
      // The wait list's oldest job, and the first prioritized one (ordered by priority, so a fair sample of it).
      const heads = await Promise.all((['waiting', 'prioritized'] as JobType[]).map((state) => queue.getJobs(state, 0, 0, true)))
        .then((lists) => lists.flat())
        .catch(() => null);
      if (!heads) continue; // Redis unreachable: no sample (readiness reports it)
      const since = Math.min(...heads.filter(Boolean).map(runnableSince));
      this.set({ queue: queue.name }, Number.isFinite(since) ? Math.max(0, (Date.now() - since) / 1000) : 0);
    }
  },
});

/** When a job last became runnable: created (plus its delay), or its last attempt ended (a retry). */
export function runnableSince(job: Pick<Job, 'timestamp' | 'delay' | 'processedOn' | 'finishedOn'>): number {
  return Math.max(job.timestamp + (job.delay ?? 0), job.processedOn ?? 0, job.finishedOn ?? 0);
}

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
