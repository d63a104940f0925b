import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ErrorCode } from '@bleedkits/contracts';
import { GatewayError } from '../errors/http-error.filter';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { RateLimiter } from './rate-limiter';

const LIMITED = 'bk:client-rate-limited';

/** Marks a route as counted against AUTH_MAX_REQUESTS_PER_CLIENT (auth, password and contact routes). */
export const ClientRateLimited = () => SetMetadata(LIMITED, true);

/** Whether the route (its handler, then its controller) is counted: the guard's rule, and the 429 in /api/docs. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a handler and its controller class
export const isClientRateLimited = (reflector: Reflector, targets: Function[]): boolean =>
  reflector.getAllAndOverride<boolean>(LIMITED, targets) === true;

/**
 * Per client address, shared across gateway replicas through Redis. The address is the socket's unless
 * TRUST_PROXY is set, so a forged X-Forwarded-For does not buy an attacker a fresh budget.
 */
@Injectable()
export class ClientRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (!isClientRateLimited(this.reflector, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const d = await this.limiter.hit(`rl:client:${client}`, this.env.AUTH_MAX_REQUESTS_PER_CLIENT, this.env.AUTH_RATE_WINDOW_SECONDS);
    if (!d.allowed) {
      throw new GatewayError({
        code: ErrorCode.RateLimited,
        message: 'Too many requests. Please try again later.',
        retryAfterSeconds: d.retryAfterSeconds,
      });
    }
    return true;
  }
}
