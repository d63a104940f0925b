import type { Store } from 'express-session';
import type { RedisClientType } from 'redis';

/**
 * Which sessions belong to which user, so a password change or reset, or a deleted account, can end them.
 * The set lives beside the sessions in Redis; a stale id in it is harmless (destroying it is a no-op).
 */
export class SessionRegistry {
  constructor(
    private readonly redis: RedisClientType,
    private readonly store: Store,
    private readonly prefix: string,
  ) {}

  private key(userId: string) {
    return `${this.prefix}user-sessions:${userId}`;
  }

  async track(userId: string, sessionId: string, ttlSeconds: number): Promise<void> {
    await this.redis.multi().sAdd(this.key(userId), sessionId).expire(this.key(userId), ttlSeconds).exec();
  }

  async untrack(userId: string, sessionId: string): Promise<void> {
    await this.redis.sRem(this.key(userId), sessionId);
  }

  async endAll(userId: string, exceptSessionId?: string): Promise<void> {
    const ids = await this.redis.sMembers(this.key(userId));
    for (const sid of ids) {
      if (sid === exceptSessionId) continue;
      await new Promise<void>((resolve) => this.store.destroy(sid, () => resolve()));
      await this.redis.sRem(this.key(userId), sid);
    }
  }
}
