import { cleanEnv, num, str } from 'envalid';
import { DEFAULT_AUDIT_RETENTION_DAYS, DEFAULT_VERIFICATION_GRACE_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readKitsEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      SEED_DEMO_KITS: num({ default: 0, desc: 'demo kits seeded into an empty register at start; 0 disables' }),
      IDENTITY_REQUEST_TIMEOUT_MS: num({ default: 2000 }),
      POSTCODES_IO_BASE_URL: str({
        default: 'https://api.postcodes.io',
        desc: "reverse geocoding for 'fix missing addresses'; set to 'off' to use only the register's gazetteer",
      }),
      GEOCODING_TIMEOUT_MS: num({ default: 2000 }),
      AUDIT_RETENTION_DAYS: num({ default: DEFAULT_AUDIT_RETENTION_DAYS, desc: 'days an audit entry is kept before the daily retention deletes it' }),
      VERIFICATION_GRACE_DAYS: num({
        default: DEFAULT_VERIFICATION_GRACE_DAYS,
        desc: "days overdue before the ambulance files read 'Needs Verification'",
      }),
      FEED_PUSH_TIMEOUT_MS: num({ default: 10_000, desc: 'timeout of one POST of a push batch to a feed client webhook' }),
      FEED_PUSH_SWEEP_MS: num({
        default: 2000,
        desc: 'how often the push sweep looks for changes to send and retries due (a batch waits at most this long)',
      }),
    }),
  };
}
export type KitsEnv = ReturnType<typeof readKitsEnv>;
export const KITS_ENV = Symbol('KITS_ENV');

/**
 * Read when the worker is declared (a decorator's options are fixed at load). A process that dies mid-purge holds
 * its job for AUDIT_RETENTION_JOB_LOCK_MS (renewed every half of it while alive); then another replica, or the
 * restarted one, runs the purge again: a delete by age in one statement, it removes whatever the dead one left.
 */
export function auditRetentionWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    AUDIT_RETENTION_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running audit purge; a dead replica releases its job after this' }),
  });
  if (env.AUDIT_RETENTION_JOB_LOCK_MS < 1000) throw new Error('AUDIT_RETENTION_JOB_LOCK_MS must be at least 1000');
  return { concurrency: 1, lockDuration: env.AUDIT_RETENTION_JOB_LOCK_MS, stalledInterval: env.AUDIT_RETENTION_JOB_LOCK_MS };
}

/**
 * Read when the push worker is declared. A replica that dies mid-batch holds the client's job for FEED_PUSH_JOB_LOCK_MS;
 * then another (or the restarted one) sends the stored batch again under the same webhook-id.
 */
export function feedPushWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    FEED_PUSH_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a push delivery job; a dead replica releases its client after this' }),
    FEED_PUSH_CONCURRENCY: num({ default: 8, desc: 'feed clients one kits replica delivers to at once' }),
  });
  if (env.FEED_PUSH_JOB_LOCK_MS < 1000) throw new Error('FEED_PUSH_JOB_LOCK_MS must be at least 1000');
  return { concurrency: env.FEED_PUSH_CONCURRENCY, lockDuration: env.FEED_PUSH_JOB_LOCK_MS, stalledInterval: env.FEED_PUSH_JOB_LOCK_MS };
}
