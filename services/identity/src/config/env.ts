import { cleanEnv, email, num, str } from 'envalid';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';

/** Known example values that a production start must refuse. */
export const UNSAFE_ADMIN_PASSWORDS = ['change-me', 'change-me-admin-password', 'admin', 'password'];

export function readIdentityEnv(source: NodeJS.ProcessEnv = process.env) {
  const base = readServiceEnv(source);
  const own = cleanEnv(withoutEmpty(source), {
    ADMIN_EMAIL: email({ default: undefined }),
    ADMIN_PASSWORD: str({ default: undefined }),
    PASSWORD_RESET_TTL_MINUTES: num({ default: 60 }),
    ARGON2_MEMORY_KIB: num({ default: 19456, desc: 'argon2id memory cost; at least 19 MiB' }),
    ARGON2_TIME_COST: num({ default: 2 }),
    KITS_REQUEST_TIMEOUT_MS: num({ default: 2000 }),
    AUDIT_RETENTION_DAYS: num({ default: DEFAULT_AUDIT_RETENTION_DAYS, desc: 'days an audit entry is kept before the daily retention deletes it' }),
    NOTIFICATIONS_REQUEST_TIMEOUT_MS: num({ default: 5000, desc: 'how long a reset e-mail waits for the notifications outbox to store it' }),
  });
  const env = { ...base, ...own };
  if (env.ARGON2_MEMORY_KIB < 19456 || env.ARGON2_TIME_COST < 2) throw new Error('argon2id needs memory >= 19 MiB and time cost >= 2');
  if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD && UNSAFE_ADMIN_PASSWORDS.includes(env.ADMIN_PASSWORD)) {
    throw new Error('Refusing to start in production with a default ADMIN_PASSWORD');
  }
  return env;
}
export type IdentityEnv = ReturnType<typeof readIdentityEnv>;
export const IDENTITY_ENV = Symbol('IDENTITY_ENV');
