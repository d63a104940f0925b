import type { RedisClientType } from 'redis';

// INCR + first-hit EXPIRE in one round trip (a counter somehow left without an expiry gets one), atomically, so replicas of the gateway share one counter.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = redis.call('PTTL', KEYS[1])
end
return { count, ttl }`;

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Fixed-window counters in Redis. */
export class RateLimiter {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const [count, ttlMs] = (await this.redis.eval(HIT_SCRIPT, { keys: [this.prefix + key], arguments: [String(windowSeconds)] })) as [number, number];
    // Whole seconds until the window ends, rounded up (Redis's TTL rounds to the nearest second), so a client
    // that waits exactly Retry-After is admitted.
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }
}
