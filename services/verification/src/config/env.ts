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
