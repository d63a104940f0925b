import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
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
} from '@bleedkits/contracts';
import { Clock, ServiceError } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { FeedPushRepository } from '../../database/feed-push.repository';
import { newFeedPushSecret } from '../../domain/feed-push';
import { FeedPushStatusHandler } from '../../queries/feed-push-status/feed-push-status.handler';

/** Admins give a feed client a webhook, rotate its secret, resume a paused subscription and replay from a cursor. */
@Injectable()
export class ManageFeedPushHandler {
  constructor(
    private readonly push: FeedPushRepository,
    private readonly feed: AmbulanceFeedRepository,
    private readonly status: FeedPushStatusHandler,
    private readonly clock: Clock,
    @Inject(KITS_ENV) private readonly env: Pick<KitsEnv, 'NODE_ENV'>,
  ) {}

  /**
   * Sets the client's webhook. A new subscription starts at the scope's head (the receiver is given what changes
   * from now; it pulls what came before) with a secret shown this once; an existing one keeps its secret and cursor.
   */
  async set(actor: Actor | undefined, clientId: unknown, url: unknown): Promise<SetFeedPushResponse> {
    assertAdmin(actor);
    const client = isUuid(clientId) ? await this.push.client(clientId) : null;
    if (!client) throw ServiceError.notFound(FeedClientMessages.notFound);
    if (client.revoked) throw ServiceError.conflict(FeedPushMessages.revoked);
    const errors = feedPushUrlErrors(url, this.env.NODE_ENV === 'production');
    if (errors.length) throw ServiceError.validation(errors);
    const secret = newFeedPushSecret();
    const created = await this.push.upsert({
      clientId: clientId as string,
      url: (url as string).trim(),
      secret,
      deliveredRevision: await this.feed.scopeHead(client.scope),
      createdBy: actor.id,
      now: this.clock.now(),
    });
    const subscription = await this.status.view(await this.status.subscriptionOf(clientId));
    return created ? { subscription, secret, message: FeedPushMessages.created } : { subscription, secret: null, message: FeedPushMessages.updated };
  }

  /** A new secret signs from now; the old one signs beside it for FEED_PUSH_SECRET_OVERLAP_HOURS, then no more. */
  async rotateSecret(actor: Actor | undefined, clientId: unknown): Promise<RotateFeedPushSecretResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    const secret = newFeedPushSecret();
    await this.push.rotateSecret(sub.clientId, secret, new Date(this.clock.now().getTime() + FEED_PUSH_SECRET_OVERLAP_HOURS * 3_600_000));
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), secret, message: FeedPushMessages.rotated };
  }

  /** A paused subscription is active again and its held batch is tried at the next sweep. */
  async resume(actor: Actor | undefined, clientId: unknown): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    await this.push.resume(sub.clientId);
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), message: FeedPushMessages.resumed };
  }

  /** A test event (no records) goes to the webhook in turn with the batches; its outcome is in the delivery log. */
  async sendTest(actor: Actor | undefined, clientId: unknown): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    await this.push.requestTest(sub.clientId, this.clock.now());
    return { subscription: await this.status.view(sub), message: FeedPushMessages.test };
  }

  /** Delivery starts again after `fromCursor` (no later than what was delivered: a cursor never skips records). */
  async replay(actor: Actor | undefined, clientId: unknown, fromCursor: unknown): Promise<FeedPushStatusResponse & MessageResponse> {
    assertAdmin(actor);
    const sub = await this.status.subscriptionOf(clientId);
    const from = parseFeedCursor(fromCursor);
    if (from === null || typeof fromCursor !== 'string' || from > sub.deliveredRevision) throw ServiceError.validation([FeedPushMessages.cursor]);
    await this.push.replayFrom(sub.clientId, from, this.clock.now());
    return { subscription: await this.status.view(await this.status.subscriptionOf(clientId)), message: FeedPushMessages.replay };
  }
}
