import { cleanEnv, num, str } from 'envalid';
import { DEFAULT_VERIFICATION_GRACE_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export function readVerificationEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      VERIFICATION_REMINDER_CRON: str({
        default: '0 8 * * *',
        desc: 'reminder run (Europe/London); a BullMQ job scheduler fires once per tick whatever the replicas',
      }),
      VERIFICATION_DIGEST_CRON: str({ default: '0 8 * * 1', desc: "the admins' weekly digest (Europe/London)" }),
      VERIFICATION_GRACE_DAYS: num({
        default: DEFAULT_VERIFICATION_GRACE_DAYS,
        desc: "days overdue before a kit shows 'Needs Verification' on the public map",
      }),
      VERIFICATION_CATCHUP_INTERVAL_MS: num({
        default: 5000,
        desc: 'periodic catch-up on the kits change feed, so a lost hint only delays an update',
      }),
      VERIFICATION_FEED_PAGE_SIZE: num({
        default: 500,
        desc: "changes per kits.changes request (a full record is about 1.4 KB: 500 fit the feed's 700 KB page, so none is read for nothing)",
      }),
      VERIFICATION_FEED_PARALLEL_RANGES: num({
        default: 3,
        desc: 'kits.changes ranges read at once when far behind (a bulk date update, a first load, a long outage)',
      }),
      VERIFICATION_FEED_RANGE_SIZE: num({
        default: 1000,
        desc: 'revisions of one such range, applied in one transaction (a range may take several pages of the feed)',
      }),
      VERIFICATION_DIGEST_TO: str({ default: '', desc: "comma-separated recipients of the weekly digest; empty: the register's admins (identity)" }),
      NOTIFICATIONS_TIMEOUT_MS: num({ default: 5000, desc: 'timeout of one request to the notifications outbox' }),
      PUBLIC_BASE_URL: str({ default: 'http://localhost:8080', desc: 'links in e-mails (dashboard, admin verification page)' }),
    }),
  };
}
export type VerificationEnv = ReturnType<typeof readVerificationEnv>;
export const VERIFICATION_ENV = Symbol('VERIFICATION_ENV');

/**
 * The verification worker's options, read when it is declared. A replica that dies mid-run holds its job for
 * REMINDER_JOB_LOCK_MS (renewed every half of it while alive); then another replica, or the restarted one, resumes
 * the run, whose records and keys send nothing twice.
 */
export function reminderWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    REMINDER_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running reminder run or digest; a dead replica releases its job after this' }),
  });
  if (env.REMINDER_JOB_LOCK_MS < 1000) throw new Error('REMINDER_JOB_LOCK_MS must be at least 1000');
  return { lockDuration: env.REMINDER_JOB_LOCK_MS, stalledInterval: env.REMINDER_JOB_LOCK_MS };
}
