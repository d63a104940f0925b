import type { FeedPushDelivery, FeedScope } from '@bleedkits/contracts';
import type { FeedPushAttempt, FeedPushBatch, FeedPushRepository, FeedPushSubscription } from '../src/database/feed-push.repository';
import type { WebhookOutcome, WebhookPost, WebhookSender } from '../src/providers/webhook-sender/webhook-sender.port';
import type { feedRepository } from './feed-doubles';

/**
 * The push tables replaced by maps, over the feed double's entries (a subscription's scope is its client's there):
 * subscriptions, the held batch per client and the log of attempts.
 */
export function feedPushRepository(feed: ReturnType<typeof feedRepository>) {
  const subscriptions = new Map<string, FeedPushSubscription>();
  const batches = new Map<string, FeedPushBatch & { heldAt: Date }>();
  const deliveries: (FeedPushBatch & FeedPushAttempt)[] = [];
  const scopeOf = (clientId: string) => feed.clients.get(clientId)?.view.scope;
  const after = (scope: FeedScope, revision: number) => feed.entries.filter((e) => e.scope === scope && e.revision > revision);

  const repo = {
    async subscription(clientId: string) {
      const s = subscriptions.get(clientId);
      return s ? { ...s, clientRevoked: !!feed.clients.get(clientId)?.view.revokedAt } : null;
    },
    async client(clientId: string) {
      const c = feed.clients.get(clientId);
      return c ? { scope: c.view.scope, revoked: !!c.view.revokedAt, label: c.view.label, keyPrefix: c.view.keyPrefix } : null;
    },
    async upsert(
      s: { clientId: string; url: string; secret: string; deliveredRevision: number; createdBy: string; now: Date },
      alsoRecord?: (m: unknown, change: { created: boolean; previousUrl: string | null }) => Promise<void>,
    ) {
      const existing = subscriptions.get(s.clientId);
      if (existing) {
        const previousUrl = existing.url;
        existing.url = s.url;
        await alsoRecord?.({}, { created: false, previousUrl });
        return false;
      }
      await alsoRecord?.({}, { created: true, previousUrl: null });
      subscriptions.set(s.clientId, {
        clientId: s.clientId,
        scope: scopeOf(s.clientId)!,
        clientRevoked: false,
        url: s.url,
        secret: s.secret,
        previousSecret: null,
        previousSecretValidUntil: null,
        state: 'active',
        deliveredRevision: s.deliveredRevision,
        deliveredAt: null,
        behindSince: null,
        failedAttempts: 0,
        failingSince: null,
        nextAttemptAt: null,
        lastError: null,
        pausedAt: null,
        testRequestedAt: null,
        createdAt: s.now,
      });
      return true;
    },
    async rotateSecret(clientId: string, secret: string, previousValidUntil: Date, alsoRecord?: (m: unknown) => Promise<void>) {
      const s = subscriptions.get(clientId)!;
      Object.assign(s, { previousSecret: s.secret, previousSecretValidUntil: previousValidUntil, secret });
      await alsoRecord?.({});
    },
    async resume(clientId: string, alsoRecord?: (m: unknown) => Promise<void>) {
      Object.assign(subscriptions.get(clientId)!, { state: 'active', pausedAt: null, failedAttempts: 0, failingSince: null, nextAttemptAt: null });
      await alsoRecord?.({});
    },
    async replayFrom(clientId: string, fromRevision: number, now: Date, alsoRecord?: (m: unknown) => Promise<void>) {
      await alsoRecord?.({});
      batches.delete(clientId);
      Object.assign(subscriptions.get(clientId)!, {
        deliveredRevision: fromRevision,
        behindSince: now,
        failedAttempts: 0,
        failingSince: null,
        nextAttemptAt: null,
      });
    },
    async dueClients(now: Date, limit: number) {
      return [...subscriptions.values()]
        .filter((s) => s.state === 'active' && !feed.clients.get(s.clientId)?.view.revokedAt)
        .filter((s) => !s.nextAttemptAt || s.nextAttemptAt <= now)
        .filter((s) => !!s.testRequestedAt || batches.has(s.clientId) || after(s.scope, s.deliveredRevision).length > 0)
        .map((s) => s.clientId)
        .slice(0, limit);
    },
    async requestTest(clientId: string, now: Date) {
      subscriptions.get(clientId)!.testRequestedAt = now;
    },
    async testHeld(_m: unknown, clientId: string, requestedAt: Date) {
      const s = subscriptions.get(clientId)!;
      if (s.testRequestedAt?.getTime() === requestedAt.getTime()) s.testRequestedAt = null;
    },
    async heldBatch(clientId: string) {
      return batches.get(clientId) ?? null;
    },
    async holdBatch(b: FeedPushBatch, now: Date, alsoRecord?: (m: unknown) => Promise<void>) {
      const held = batches.get(b.clientId);
      if (held) return held;
      batches.set(b.clientId, { ...b, heldAt: now });
      const s = subscriptions.get(b.clientId)!;
      s.behindSince ??= now;
      await alsoRecord?.({});
      return b;
    },
    async recordDelivered(b: FeedPushBatch, attempt: FeedPushAttempt, caughtUp: boolean) {
      deliveries.push({ ...b, ...attempt });
      if (batches.get(b.clientId)?.messageId !== b.messageId) return;
      batches.delete(b.clientId);
      const s = subscriptions.get(b.clientId)!;
      Object.assign(s, {
        deliveredRevision: Math.max(s.deliveredRevision, b.upToRevision),
        deliveredAt: attempt.attemptedAt,
        failedAttempts: 0,
        failingSince: null,
        nextAttemptAt: null,
        lastError: null,
        behindSince: caughtUp ? null : s.behindSince,
      });
    },
    async recordFailed(b: FeedPushBatch, attempt: FeedPushAttempt, next: { nextAttemptAt: Date; pause: boolean }) {
      deliveries.push({ ...b, ...attempt });
      const s = subscriptions.get(b.clientId)!;
      Object.assign(s, {
        failedAttempts: s.failedAttempts + 1,
        failingSince: s.failingSince ?? attempt.attemptedAt,
        nextAttemptAt: next.nextAttemptAt,
        lastError: attempt.error,
        ...(next.pause ? { state: 'paused', pausedAt: attempt.attemptedAt } : {}),
      });
    },
    async recordsAfter(scope: FeedScope, revision: number, cap: number) {
      return Math.min(cap, after(scope, revision).length);
    },
    async deliveryLog(clientId: string, page: number, pageSize: number) {
      const mine = deliveries.filter((d) => d.clientId === clientId);
      const entries: FeedPushDelivery[] = mine
        .map((d, i) => ({
          id: i + 1,
          messageId: d.messageId,
          type: d.type,
          afterCursor: String(d.afterRevision),
          nextCursor: String(d.upToRevision),
          records: d.recordCount,
          outcome: d.outcome,
          httpStatus: d.httpStatus,
          error: d.error,
          attemptedAt: d.attemptedAt.toISOString(),
          durationMs: d.durationMs,
        }))
        .reverse();
      return { total: entries.length, entries: entries.slice((page - 1) * pageSize, page * pageSize) };
    },
  };
  return { subscriptions, batches, deliveries, repository: repo as unknown as FeedPushRepository };
}

/** A receiver that answers what a spec tells it (2xx by default) and keeps every POST it was sent. */
export function recordingWebhookSender(answer: (post: WebhookPost) => Partial<WebhookOutcome> = () => ({})) {
  const posts: WebhookPost[] = [];
  const sender: WebhookSender = {
    async post(p) {
      posts.push(p);
      return { delivered: true, httpStatus: 200, error: null, durationMs: 3, ...answer(p) };
    },
  };
  return { posts, sender };
}
