import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { AuthMessages, ErrorCode, normaliseEmail } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { REDIS_CLIENT } from '../../sessions/redis.provider';
import { signInLockouts } from './sign-in-metrics';

export const LOGIN_LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';
/** A browser that signed in to an account: exempt from that account's lock, throttled on its own. */
export const DEVICE_COOKIE = 'bk.device';
const DEVICE_ID = /^[A-Za-z0-9_-]{32}$/;

/**
 * Reserves one attempt, atomically, before the password is checked (so 150 parallel tries cost at most the
 * limit in argon2 verifications):
 *  - the (client, account) pair is locked with exponential back-off once it has used its free attempts: each
 *    reservation from the free-th on locks the pair for base·2^(n−free) seconds (capped), until a success;
 *  - the account's attempts from all clients are counted in a window; once over the limit only trusted devices
 *    (a browser that has signed in to this account before) may try, so a stranger can exhaust the account's
 *    budget but cannot lock its owner out of their own browser.
 * KEYS: pair hash, account counter. ARGV: now ms, free, account limit, window s, base s, max s, trusted (1/0).
 * Answers {allowed, retry-after seconds}.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if lockedUntil > now then return { 0, math.ceil((lockedUntil - now) / 1000) } end
if ARGV[7] ~= '1' then
  local failures = tonumber(redis.call('GET', KEYS[2]) or '0')
  if failures >= tonumber(ARGV[3]) then return { 0, math.max(1, redis.call('TTL', KEYS[2])) } end
end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
if redis.call('INCR', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
local free = tonumber(ARGV[2])
if n >= free then
  local seconds = math.min(tonumber(ARGV[5]) * 2 ^ (n - free), tonumber(ARGV[6]))
  redis.call('HSET', KEYS[1], 'until', now + seconds * 1000)
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]) + tonumber(ARGV[6]))
return { 1, 0 }`;

/** Gives back a reservation that did not check a password (the identity service could not answer). */
const RELEASE = `
local n = redis.call('HINCRBY', KEYS[1], 'n', -1)
if n < tonumber(ARGV[1]) then redis.call('HDEL', KEYS[1], 'until') end
if n <= 0 then redis.call('DEL', KEYS[1]) end
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return n`;

/** A success: the pair starts afresh and the attempt was no failure of the account. */
const SUCCEED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 1`;

function passwordWasWrong(e: unknown): boolean {
  return e instanceof RemoteCallError && e.body.code === ErrorCode.ValidationFailed && !!e.body.errors?.includes(AuthMessages.currentPasswordWrong);
}

/** Identity refuses a request's shapes before argon2 runs, and a bus that found no identity asked nobody. */
function passwordNotChecked(e: unknown): boolean {
  return e instanceof RemoteCallError && (e.body.code === ErrorCode.ValidationFailed || e.body.code === ErrorCode.ServiceUnavailable);
}

export type LoginAttempt = { account: string; pairKey: string; accountKey: string; deviceId: string | null };

/**
 * Sign-in throttling shared by gateway replicas through Redis. Counted for any address, registered or not, so a
 * 429 tells nothing about which e-mails exist. Requests per client across accounts are limited separately
 * (ClientRateLimitGuard on every auth route).
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClientType,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  private get prefix() {
    return this.env.REDIS_KEY_PREFIX;
  }

  /** The account as its keys name it: a hash, so Redis never holds e-mail addresses. */
  accountOf(email: string): string {
    return createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 40);
  }

  private trustedKey(account: string) {
    return `${this.prefix}login-trusted:${account}`;
  }

  private deviceOf(req: Request): string | null {
    const raw = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    const id = raw?.slice(DEVICE_COOKIE.length + 1) ?? '';
    return DEVICE_ID.test(id) ? id : null;
  }

  /** Reserves an attempt or throws 429 with Retry-After. */
  async reserve(req: Request, email: string): Promise<LoginAttempt> {
    const account = this.accountOf(email);
    const deviceId = this.deviceOf(req);
    const trusted = deviceId !== null && (await this.redis.sIsMember(this.trustedKey(account), deviceId));
    const client = trusted ? `device:${deviceId}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    const attempt: LoginAttempt = {
      account,
      pairKey: `${this.prefix}login:${account}:pair:${client}`,
      accountKey: `${this.prefix}login:${account}:failures`,
      deviceId,
    };
    const e = this.env;
    const [allowed, retryAfter] = (await this.redis.eval(RESERVE, {
      keys: [attempt.pairKey, attempt.accountKey],
      arguments: [
        String(Date.now()),
        String(e.LOGIN_FREE_FAILURES_PER_CLIENT),
        String(e.LOGIN_MAX_FAILURES_PER_ACCOUNT),
        String(e.LOGIN_FAILURE_WINDOW_SECONDS),
        String(e.LOGIN_LOCKOUT_BASE_SECONDS),
        String(e.LOGIN_LOCKOUT_MAX_SECONDS),
        trusted ? '1' : '0',
      ],
    })) as [number, number];
    if (!allowed) {
      signInLockouts.inc();
      throw new GatewayError({ code: ErrorCode.RateLimited, message: LOGIN_LOCKED_MESSAGE, retryAfterSeconds: Math.max(1, retryAfter) });
    }
    return attempt;
  }

  async release(attempt: LoginAttempt): Promise<void> {
    await this.redis.eval(RELEASE, { keys: [attempt.pairKey, attempt.accountKey], arguments: [String(this.env.LOGIN_FREE_FAILURES_PER_CLIENT)] });
  }

  /** The pair starts afresh, and this browser becomes a trusted device of the account. */
  async succeeded(attempt: LoginAttempt, res: Response): Promise<void> {
    await this.passed(attempt);
    await this.trustDevice(attempt.account, attempt.deviceId, res);
  }

  /** The password was right: the pair starts afresh and the attempt was no failure of the account. */
  async passed(attempt: LoginAttempt): Promise<void> {
    await this.redis.eval(SUCCEED, { keys: [attempt.pairKey, attempt.accountKey] });
  }

  /**
   * A signed-in user's password check (a password change, a new sign-in e-mail) under the sign-in limits of their
   * account, so a borrowed session is no password oracle: reserved first (429 once locked), kept as a failure when
   * the password was wrong or may have been checked (a timeout), given back when it certainly was not checked.
   */
  async guardPasswordCheck<T>(req: Request, accountEmail: string, check: () => Promise<T>): Promise<T> {
    const attempt = await this.reserve(req, accountEmail);
    let result: T;
    try {
      result = await check();
    } catch (e) {
      // Identity checks the password before the new address is looked up, so a conflict means it was right.
      if (e instanceof RemoteCallError && e.body.code === ErrorCode.Conflict) await this.passed(attempt);
      else if (!passwordWasWrong(e) && passwordNotChecked(e)) await this.release(attempt);
      throw e;
    }
    await this.passed(attempt);
    return result;
  }

  /** A new account's browser is trusted from the start. */
  async trustNewAccount(email: string, req: Request, res: Response): Promise<void> {
    await this.trustDevice(this.accountOf(email), this.deviceOf(req), res);
  }

  private async trustDevice(account: string, known: string | null, res: Response): Promise<void> {
    const deviceId = known ?? randomBytes(24).toString('base64url');
    const ttlSeconds = this.env.LOGIN_TRUSTED_DEVICE_DAYS * 86_400;
    await this.redis.multi().sAdd(this.trustedKey(account), deviceId).expire(this.trustedKey(account), ttlSeconds).exec();
    res.cookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.env.NODE_ENV === 'production',
      path: '/api/auth',
      maxAge: ttlSeconds * 1000,
    });
  }

  /**
   * The admin's unlock: forgets every failure and back-off of the account, from every client. Trusted devices
   * stay trusted. Answers how many counters were cleared.
   */
  async unlock(email: string): Promise<number> {
    const account = this.accountOf(email);
    let cleared = 0;
    for await (const keys of this.redis.scanIterator({ MATCH: `${this.prefix}login:${account}:*`, COUNT: 200 })) {
      const batch = Array.isArray(keys) ? keys : [keys];
      if (batch.length) cleared += await this.redis.del(batch);
    }
    return cleared;
  }
}
