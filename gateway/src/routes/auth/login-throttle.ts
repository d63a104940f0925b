import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ErrorCode, normaliseEmail } from '@bleedkits/contracts';
import { GatewayError } from '../../errors/http-error.filter';
import { GATEWAY_ENV, type GatewayEnv } from '../../config/env';
import { RateLimiter } from '../../security/rate-limiter';

/**
 * Failed sign-ins per account (LOGIN_MAX_FAILURES_PER_ACCOUNT per LOGIN_FAILURE_WINDOW_SECONDS). Counted for any
 * address, registered or not, so the 429 itself tells nothing about which e-mails exist.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter, @Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  private key(email: string) {
    return `rl:login-failures:${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
  }

  async assertAllowed(email: string): Promise<void> {
    const d = await this.limiter.peek(this.key(email), this.env.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    if (!d.allowed) throw this.tooMany(d.retryAfterSeconds);
  }

  async recordFailure(email: string): Promise<void> {
    await this.limiter.hit(this.key(email), this.env.LOGIN_MAX_FAILURES_PER_ACCOUNT, this.env.LOGIN_FAILURE_WINDOW_SECONDS);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.limiter.reset(this.key(email));
  }

  private tooMany(retryAfterSeconds: number) {
    return new GatewayError({ code: ErrorCode.RateLimited, message: 'Too many failed sign-in attempts. Please try again later.', retryAfterSeconds });
  }
}
