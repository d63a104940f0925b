import { cleanEnv, num, str } from 'envalid';
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
      SMTP_TIMEOUT_MS: num({ default: 15_000, desc: 'connection, greeting and socket timeout of one SMTP attempt' }),
      EMAIL_MAX_ATTEMPTS: num({ default: 25, desc: 'delivery attempts before a message is marked failed' }),
      EMAIL_RETRY_BASE_DELAY_MS: num({ default: 2000, desc: 'first retry delay; doubles each attempt' }),
      EMAIL_RETRY_MAX_DELAY_MS: num({ default: 15 * 60_000, desc: 'longest wait between two attempts' }),
      OUTBOX_SWEEP_CRON: str({ default: '* * * * *', desc: 're-enqueue queued messages that lost their job (Europe/London cron)' }),
      OUTBOX_SWEEP_AFTER_SECONDS: num({ default: 60, desc: 'a queued message older than this without a job is re-enqueued' }),
      IDENTITY_REQUEST_TIMEOUT_MS: num({ default: 3000 }),
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
  if (
    env.NODE_ENV === 'production' &&
    (env.CUSTODIAN_STOP_LINK_SECRET === DEFAULT_CUSTODIAN_STOP_LINK_SECRET || env.CUSTODIAN_STOP_LINK_SECRET.length < 32)
  ) {
    throw new Error('Refusing to start in production without a CUSTODIAN_STOP_LINK_SECRET of at least 32 characters');
  }
  return env;
}
export type NotificationsEnv = ReturnType<typeof readNotificationsEnv>;
export const NOTIFICATIONS_ENV = Symbol('NOTIFICATIONS_ENV');
