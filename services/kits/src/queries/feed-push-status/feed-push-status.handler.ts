import { Injectable } from '@nestjs/common';
import {
  FEED_PUSH_LOG_MAX_PAGE_SIZE,
  FEED_PUSH_LOG_PAGE_SIZE,
  FeedClientMessages,
  FeedPushMessages,
  type FeedPushLogResponse,
  type FeedPushStatusResponse,
  type FeedPushSubscriptionView,
  assertAdmin,
  isUuid,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { FeedPushRepository, type FeedPushSubscription } from '../../database/feed-push.repository';
import { type WireRequest } from '@bleedkits/contracts/wire';

/** Lag is counted up to this many records: beyond it the receiver is far behind and the exact number helps nobody. */
export const FEED_PUSH_LAG_COUNT_CAP = 100_000;

const whole = (v: unknown, fallback: number) => {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) && n >= 1 ? n : fallback;
};

/** An admin's view of a client's push subscription: its state, cursor, lag and last error, and its delivery log. */
@Injectable()
export class FeedPushStatusHandler {
  constructor(
    private readonly push: FeedPushRepository,
    private readonly clock: Clock,
  ) {}

  @Handles(AmbulanceFeedSubjects.pushStatus)
  async status({ actor, clientId }: WireRequest<typeof AmbulanceFeedSubjects.pushStatus>): Promise<FeedPushStatusResponse> {
    assertAdmin(actor);
    return { subscription: await this.view(await this.subscriptionOf(clientId)) };
  }

  @Handles(AmbulanceFeedSubjects.pushLog)
  async log({ actor, clientId, page, pageSize }: WireRequest<typeof AmbulanceFeedSubjects.pushLog>): Promise<FeedPushLogResponse> {
    assertAdmin(actor);
    const sub = await this.subscriptionOf(clientId);
    const size = Math.min(FEED_PUSH_LOG_MAX_PAGE_SIZE, whole(pageSize, FEED_PUSH_LOG_PAGE_SIZE));
    const p = whole(page, 1);
    const { total, entries } = await this.push.deliveryLog(sub.clientId, p, size);
    return { data: entries, pagination: { total, page: p, pageSize: size, pageCount: Math.max(1, Math.ceil(total / size)) } };
  }

  /** The subscription of a client, or the one not-found answer for a malformed id, an unknown client or none. */
  async subscriptionOf(clientId: unknown): Promise<FeedPushSubscription> {
    if (!isUuid(clientId)) throw ServiceError.notFound(FeedClientMessages.notFound);
    const sub = await this.push.subscription(clientId);
    if (sub) return sub;
    throw ServiceError.notFound((await this.push.client(clientId)) ? FeedPushMessages.noSubscription : FeedClientMessages.notFound);
  }

  async view(s: FeedPushSubscription): Promise<FeedPushSubscriptionView> {
    const now = this.clock.now();
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const lagRecords = await this.push.recordsAfter(s.scope, s.deliveredRevision, FEED_PUSH_LAG_COUNT_CAP);
    return {
      clientId: s.clientId,
      url: s.url,
      state: s.state,
      deliveredCursor: String(s.deliveredRevision),
      deliveredAt: iso(s.deliveredAt),
      lagRecords,
      lagSeconds: lagRecords && s.behindSince ? Math.max(0, Math.round((now.getTime() - s.behindSince.getTime()) / 1000)) : 0,
      failedAttempts: s.failedAttempts,
      failingSince: iso(s.failingSince),
      nextAttemptAt: iso(s.nextAttemptAt),
      lastError: s.lastError,
      pausedAt: iso(s.pausedAt),
      previousSecretValidUntil: s.previousSecretValidUntil && s.previousSecretValidUntil > now ? s.previousSecretValidUntil.toISOString() : null,
      createdAt: s.createdAt.toISOString(),
    };
  }
}
