import type { RedisOptions } from 'ioredis';

/**
 * ioredis options from a `redis://[user:password@]host:port[/db]` URL (`rediss://` for TLS). BullMQ's workers
 * need `maxRetriesPerRequest: null`: a blocking read must wait out a Redis restart instead of failing the job.
 */
export function redisConnectionOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    db: Number.isFinite(db) ? db : 0,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
  };
}
