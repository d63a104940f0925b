import type { RedisClientType } from 'redis';

// INCR + first-hit EXPIRE in one round trip, atomically, so replicas of the gateway share one counter.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return { count, ttl }`;

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Fixed-window counters in Redis. */
export class RateLimiter {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, { keys: [this.prefix + key], arguments: [String(windowSeconds)] })) as [number, number];
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, ttl) };
  }
}
