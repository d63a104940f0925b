import * as argon2 from 'argon2';
import { Counter } from 'prom-client';
import { metricsRegistry } from '@bleedkits/platform';

/**
 * Every argon2 verification this process ran, by outcome. The sign-in throttle is judged by it (a burst of wrong
 * passwords must not cost more verifications than the limit allows), and a spike on the dashboard is an attack.
 */
export const passwordVerifications = new Counter({
  name: 'identity_password_verifications_total',
  help: 'argon2 password verifications, by outcome (match, mismatch, no_password)',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

/** Only text is a password: argon2 would hash an array as Buffer.from([...]), a one-byte secret. */
function assertPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length === 0 || password.includes('\u0000'))
    throw new TypeError('a password must be non-empty text without NUL');
}

/** argon2id with at least the OWASP minimum (19 MiB, t=2). Verification time does not depend on whether a user exists. */
export class PasswordHasher {
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly memoryCost: number,
    private readonly timeCost: number,
  ) {
    this.dummyHash = this.hash('timing-equaliser-not-a-password');
  }

  hash(password: string): Promise<string> {
    assertPassword(password);
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.memoryCost, timeCost: this.timeCost, parallelism: 1 });
  }

  /** Always runs one argon2 verification, also when there is no stored hash, so timing tells nothing. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    // The rule tables refuse other shapes first; this is the last line, so it never reaches argon2.
    if (typeof password !== 'string') return false;
    if (!hash) {
      passwordVerifications.inc({ outcome: 'no_password' });
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    const ok = await argon2.verify(hash, password).catch(() => false);
    passwordVerifications.inc({ outcome: ok ? 'match' : 'mismatch' });
    return ok;
  }
}
