import { Counter } from 'prom-client';
import { metricsRegistry } from '@bleedkits/platform';

/** Failed password sign-ins by the code identity answered (wrong e-mail or password, unverified, ...). */
export const signInFailures = new Counter({
  name: 'bk_signin_failures_total',
  help: 'Password sign-ins refused by identity, by error code',
  labelNames: ['code'],
  registers: [metricsRegistry],
});

/** Attempts refused before the password was checked: the client or the account is locked out (login-throttle.ts). */
export const signInLockouts = new Counter({
  name: 'bk_signin_lockouts_total',
  help: 'Sign-in and password-check attempts refused while the client or the account is locked out',
  registers: [metricsRegistry],
});
