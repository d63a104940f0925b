import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type Actor,
  type AuditAction,
  type AuditFieldValues,
  FEED_PUSH_SECRET_OVERLAP_HOURS,
  FeedClientMessages,
  FeedPushMessages,
  type FeedPushStatusResponse,
  type MessageResponse,
  type RotateFeedPushSecretResponse,
  type SetFeedPushResponse,
  assertAdmin,
  feedPushUrlErrors,
  isUuid,
  parseFeedCursor,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { Clock, ServiceError, Handles } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { type FeedPushClient, FeedPushRepository } from '../../database/feed-push.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { feedClientAuditLabel } from '../../domain/feed-client-audit';
import { newFeedPushSecret } from '../../domain/feed-push';
import { FeedPushStatusHandler } from '../../queries/feed-push-status/feed-push-status.handler';
import { type WireRequest } from '@bleedkits/contracts/wire';

/**
 * Admins give a feed client a webhook, rotate its secret, resume a paused subscription and replay from a cursor.
 * Each of these sends (or will send) the client's cabinet codes somewhere, so each is in the audit trail.
 */
@Injectable()
export class ManageFeedPushHandler {
  constructor(
    private readonly push: FeedPushRepository,
    private readonly feed: AmbulanceFeedRepository,
    private readonly status: FeedPushStatusHandler,
    private readonly clock: Clock,
    private readonly audit: KitAuditTrail,
    @Inject(KITS_ENV) private readonly env: Pick<KitsEnv, 'NODE_ENV'>,
  ) {}

  /**
   * Sets the client's webhook. A new subscription starts at the scope's head (the receiver is given what changes
   * from now; it pulls what came before) with a secret shown this once; an existing one keeps its secret and cursor.
   */
  @Handles(AmbulanceFeedSubjects.pushSet)
  async set({ actor, clientId, url }: WireRequest<typeof AmbulanceFeedSubjects.pushSet>): Promise<SetFeedPushResponse> {
    assertAdmin(actor);
    const client = isUuid(clientId) ? await this.push.client(clientId) : null;
    if (!client) throw ServiceError.notFound(FeedClientMessages.notFound);
    if (client.revoked) throw ServiceError.conflict(FeedPushMessages.revoked);
    const errors = feedPushUrlErrors(url, this.env.NODE_ENV === 'production');
    if (errors.length) throw ServiceError.validation(errors);
    const secret = newFeedPushSecret();
    const newUrl = (url as string).trim();
    const created = await this.push.upsert(
      {
        clientId: clientId as string,
        url: newUrl,
        secret,
        deliveredRevision: await this.feed.scopeHead(client.scope),
        createdBy: actor.id,
        now: this.clock.now(),
      },
      (m, change) =>
        this.audit.record(m, {
          actor,
          action: 'feed-push.set',
          target: this.target(clientId as string, client),
          before: change.created ? null : { url: change.previousUrl },
          after: change.created ? { url: newUrl, secret: 'new' } : { url: newUrl },
        }),
    );
    const subscription = await this.status.view(await this.status.subscriptionOf(clientId));
    return created ? { subscription, secret, message: FeedPushMessages.created } : { subscription, secret: null, message: FeedPushMessages.updated };
  }

  /** A new secret signs from now; the old one signs beside it for FEED_PUSH_SECRET_OVERLAP_HOURS, then no more. */
  @Handles(AmbulanceFeedSubjects.pushRotateSecret)
  async rotateSecret({ actor, clientId }: WireRequest<typeof AmbulanceFeedSubjects.pushRotateSecret>): Promise<RotateFeedPushSecretResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    const secret = newFeedPushSecret();
    const previousValidUntil = new Date(this.clock.now().getTime() + FEED_PUSH_SECRET_OVERLAP_HOURS * 3_600_000);
    await this.push.rotateSecret(sub.clientId, secret, previousValidUntil, (m) =>
      this.record(
        m,
        actor,
        'feed-push.secret-rotated',
        sub.clientId,
        { secret: 'old', previousSecretValidUntil: sub.previousSecretValidUntil?.toISOString() ?? null },
        { secret: 'new', previousSecretValidUntil: previousValidUntil.toISOString() },
      ),
    );
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), secret, message: FeedPushMessages.rotated };
  }

  /** A paused subscription is active again and its held batch is tried at the next sweep. */
  @Handles(AmbulanceFeedSubjects.pushResume)
  async resume({ actor, clientId }: WireRequest<typeof AmbulanceFeedSubjects.pushResume>): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    await this.push.resume(sub.clientId, (m) => this.record(m, actor, 'feed-push.resumed', sub.clientId, { state: sub.state }, { state: 'active' }));
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), message: FeedPushMessages.resumed };
  }

  /** A test event (no records) goes to the webhook in turn with the batches; its outcome is in the delivery log. */
  @Handles(AmbulanceFeedSubjects.pushTest)
  async sendTest({ actor, clientId }: WireRequest<typeof AmbulanceFeedSubjects.pushTest>): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    await this.push.requestTest(sub.clientId, this.clock.now());
    return { subscription: await this.status.view(sub), message: FeedPushMessages.test };
  }

  /** Delivery starts again after `fromCursor` (no later than what was delivered: a cursor never skips records). */
  @Handles(AmbulanceFeedSubjects.pushReplay)
  async replay({
    actor,
    clientId,
    fromCursor,
  }: WireRequest<typeof AmbulanceFeedSubjects.pushReplay>): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    const from = parseFeedCursor(fromCursor);
    if (from === null || typeof fromCursor !== 'string' || from > sub.deliveredRevision) throw ServiceError.validation([FeedPushMessages.cursor]);
    await this.push.replayFrom(sub.clientId, from, this.clock.now(), (m) =>
      this.record(
        m,
        actor,
        'feed-push.replayed',
        sub.clientId,
        { deliveredCursor: String(sub.deliveredRevision) },
        { deliveredCursor: String(from) },
      ),
    );
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), message: FeedPushMessages.replay };
  }

  private target(clientId: string, client: FeedPushClient) {
    return { type: 'feed-key' as const, id: clientId, label: feedClientAuditLabel(client) };
  }

  private async record(
    m: EntityManager,
    actor: Actor,
    action: AuditAction,
    clientId: string,
    before: AuditFieldValues,
    after: AuditFieldValues,
  ): Promise<void> {
    const client = await this.push.client(clientId);
    await this.audit.record(m, { actor, action, target: this.target(clientId, client!), before, after });
  }
}
