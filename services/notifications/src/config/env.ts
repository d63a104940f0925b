import { cleanEnv, num, str } from 'envalid';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

export const DEFAULT_CUSTODIAN_STOP_LINK_SECRET = 'dev-only-custodian-stop-link-secret';

export function readNotificationsEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = {
    ...readServiceEnv(source),
    ...cleanEnv(withoutEmpty(source), {
      SMTP_URL: str({ default: '', desc: 'smtp://user:pass@host:port (smtps:// for TLS); unset writes each message as an .eml file to OUTBOX_DIR' }),
      MAIL_FROM: str({ default: 'UK Bleed Kit Register <no-reply@bleedkits.org.uk>', desc: 'From header of every e-mail' }),
      OUTBOX_DIR: str({ default: '.data/outbox', desc: 'where .eml files go when SMTP_URL is unset' }),
      CONTACT_INBOX_EMAIL: str({ default: '', desc: 'who receives contact messages, comma separated; unset = every admin' }),
      AUDIT_RETENTION_DAYS: num({ default: DEFAULT_AUDIT_RETENTION_DAYS, desc: 'days an audit entry is kept before the daily retention deletes it' }),
      SMTP_TIMEOUT_MS: num({ default: 15_000, desc: 'connection, greeting and socket timeout of one SMTP attempt' }),
      EMAIL_MAX_ATTEMPTS: num({ default: 25, desc: 'delivery attempts before a message is marked failed' }),
      EMAIL_RETRY_BASE_DELAY_MS: num({ default: 2000, desc: 'first retry delay; doubles each attempt' }),
      EMAIL_RETRY_MAX_DELAY_MS: num({ default: 15 * 60_000, desc: 'longest wait between two attempts' }),
      OUTBOX_SWEEP_CRON: str({ default: '* * * * *', desc: 're-enqueue queued messages that lost their job (Europe/London cron)' }),
      OUTBOX_SWEEP_AFTER_SECONDS: num({ default: 60, desc: 'a queued message older than this without a job is re-enqueued' }),
      IDENTITY_REQUEST_TIMEOUT_MS: num({ default: 3000 }),
      MAIL_BULK_RATE_PER_SECOND: num({ default: 10, desc: 'bulk e-mails (reminders, digests) sent per second at most, across replicas' }),
      MAIL_BULK_CONCURRENCY: num({ default: 2, desc: 'bulk e-mails in flight at once per replica' }),
      MAIL_TRANSACTIONAL_CONCURRENCY: num({ default: 4, desc: 'transactional e-mails (resets, contact, tests) in flight at once per replica' }),
      DKIM_DOMAIN: str({ default: '', desc: 'DKIM signing domain (d=); with DKIM_SELECTOR and DKIM_PRIVATE_KEY, every e-mail is signed' }),
      DKIM_SELECTOR: str({ default: '', desc: 'DKIM selector (s=): the DNS record <selector>._domainkey.<domain>' }),
      DKIM_PRIVATE_KEY: str({ default: '', desc: 'DKIM private key, PEM (newlines may be written as \\n)' }),
      PUBLIC_BASE_URL: str({ default: 'http://localhost:8080', desc: 'origin of the links the outbox adds (custodian stop links)' }),
      CUSTODIAN_STOP_LINK_SECRET: str({
        default: DEFAULT_CUSTODIAN_STOP_LINK_SECRET,
        desc: 'HMAC key of the "not my kit" stop links (at least 32 characters in production); changing it voids every link sent',
      }),
      CUSTODIAN_MAIL_MAX_PER_DAY: num({ default: 10, desc: 'e-mails to one custodian address in 24 hours; more are held (recorded, not sent)' }),
      CONTACT_CONFIRMATIONS_MAX_PER_DAY: num({ default: 3, desc: 'contact confirmations to one address in 24 hours; more are held' }),
    }),
  };
  if (env.EMAIL_MAX_ATTEMPTS < 1) throw new Error('EMAIL_MAX_ATTEMPTS must be at least 1');
  if (env.MAIL_BULK_RATE_PER_SECOND <= 0) throw new Error('MAIL_BULK_RATE_PER_SECOND must be above 0');
  if (env.MAIL_BULK_CONCURRENCY < 1 || env.MAIL_TRANSACTIONAL_CONCURRENCY < 1) throw new Error('MAIL_*_CONCURRENCY must be at least 1');
  const dkimSet = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3) throw new Error('DKIM signing needs all three of DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, or none');
  if (
    env.NODE_ENV === 'production' &&
    (env.CUSTODIAN_STOP_LINK_SECRET === DEFAULT_CUSTODIAN_STOP_LINK_SECRET || env.CUSTODIAN_STOP_LINK_SECRET.length < 32)
  ) {
    throw new Error('Refusing to start in production without a CUSTODIAN_STOP_LINK_SECRET of at least 32 characters');
  }
  return env;
}
export type NotificationsEnv = ReturnType<typeof readNotificationsEnv>;

/** nodemailer's `dkim` option when DKIM is configured (every message signed), else undefined. */
export function dkimOptionsOf(env: Pick<NotificationsEnv, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>) {
  if (!env.DKIM_DOMAIN) return undefined;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') };
}
export const NOTIFICATIONS_ENV = Symbol('NOTIFICATIONS_ENV');

/**
 * The status check's worker, read when it is declared (a decorator's options are fixed at load). A replica that dies
 * mid-check holds its job for STATUS_ALERT_JOB_LOCK_MS (renewed every half of it while alive); then another
 * replica, or the restarted one, runs the check again, and the e-mails' idempotency keys stop a second e-mail.
 */
export function statusAlertsWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    STATUS_ALERT_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running status check; a dead replica releases its job after this' }),
  });
  if (env.STATUS_ALERT_JOB_LOCK_MS < 1000) throw new Error('STATUS_ALERT_JOB_LOCK_MS must be at least 1000');
  return { concurrency: 1, lockDuration: env.STATUS_ALERT_JOB_LOCK_MS, stalledInterval: env.STATUS_ALERT_JOB_LOCK_MS };
}

/**
 * The lock of a message being delivered (both lanes), read when the workers are declared. A replica that dies
 * mid-delivery holds its job for MAIL_JOB_LOCK_MS (renewed every half of it while alive); then another replica, or
 * the restarted one, delivers it, and the message's idempotency key keeps it from leaving twice.
 */
export function mailJobLock(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    MAIL_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of an e-mail being delivered; a dead replica releases its job after this' }),
  });
  if (env.MAIL_JOB_LOCK_MS < 1000) throw new Error('MAIL_JOB_LOCK_MS must be at least 1000');
  return { lockDuration: env.MAIL_JOB_LOCK_MS, stalledInterval: env.MAIL_JOB_LOCK_MS };
}
