import type { JobsOptions } from 'bullmq';

/** The backoff type of delivery jobs: exponential from the job's delay, capped (see `cappedBackoff`). */
export const DELIVERY_BACKOFF = 'outbox-capped-exponential';

/**
 * Delivery retries double from EMAIL_RETRY_BASE_DELAY_MS but never wait longer than EMAIL_RETRY_MAX_DELAY_MS, so a
 * message rides out an SMTP outage of hours (25 attempts ≈ 4 hours by default) without waiting a day between tries.
 * The cap travels in the backoff options of each job, so the worker needs no configuration of its own.
 */
export function deliveryJobOptions(outboxId: string, policy: { attempts: number; baseDelayMs: number; maxDelayMs: number }): JobsOptions {
  return {
    jobId: outboxId,
    attempts: policy.attempts,
    backoff: { type: DELIVERY_BACKOFF, delay: policy.baseDelayMs, maxDelay: policy.maxDelayMs } as JobsOptions['backoff'],
  };
}

export function cappedBackoff(attemptsMade: number, type?: string, _err?: Error, job?: { opts: JobsOptions }): number {
  const backoff = job?.opts.backoff as { delay?: number; maxDelay?: number } | undefined;
  const base = backoff?.delay ?? 2000;
  const max = backoff?.maxDelay ?? 15 * 60_000;
  if (type !== DELIVERY_BACKOFF) return base;
  return Math.min(max, base * 2 ** Math.max(0, attemptsMade - 1));
}
