import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test bed's queues, so test files never see each other's jobs. */
export function testQueuePrefix(): string {
  return `bk-test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under a prefix (the bed's queues), scanning so a large test leaves nothing behind. */
export async function deleteRedisKeys(prefix: string, redisUrl = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
