import { Injectable, Logger } from '@nestjs/common';
import {
  FEED_PUSH_BATCH_RECORDS,
  FEED_PUSH_EVENT_RECORDS,
  FEED_PUSH_EVENT_TEST,
  FEED_PUSH_RETRY_HOURS,
  FeedPushHeaders,
  scopeCarriesCabinetCodes,
} from '@bleedkits/contracts';
import { Clock } from '@bleedkits/platform';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { type FeedPushBatch, FeedPushRepository, type FeedPushSubscription } from '../../database/feed-push.repository';
import { feedPushAccessRequestId, feedPushBackoffMs, feedPushMessageId, feedPushSignatures } from '../../domain/feed-push';
import { feedRecordJson } from '../../queries/ambulance-feed/ambulance-feed.handler';
import { WebhookSender } from '../../providers/webhook-sender/webhook-sender.port';

/** Batches one job sends before it gives the client's turn back (the sweep queues it again at once if more wait). */
export const FEED_PUSH_BATCHES_PER_JOB = 20;

export type FeedPushRun = { delivered: number; failed: boolean };

/**
 * Delivers a feed client's changes to its webhook, batch after batch, in feed order. A batch is what the client's
 * pull feed answers after the delivered cursor (the same repository read, the same record JSON), held in Postgres
 * until the receiver answers 2xx: a failed batch holds every later one, a retry sends the same bytes under the same
 * webhook-id, and a worker killed mid-batch leaves it held for the next one. Only this client's scope is read and
 * only this client's URL is sent to.
 */
@Injectable()
export class DeliverFeedPushHandler {
  private readonly log = new Logger(DeliverFeedPushHandler.name);

  constructor(
    private readonly push: FeedPushRepository,
    private readonly feed: AmbulanceFeedRepository,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string): Promise<FeedPushRun> {
    let delivered = 0;
    for (let i = 0; i < FEED_PUSH_BATCHES_PER_JOB; i++) {
      const sub = await this.push.subscription(clientId);
      if (!sub || sub.state !== 'active' || sub.clientRevoked) break;
      const now = this.clock.now();
      if (sub.nextAttemptAt && sub.nextAttemptAt > now) break;
      const batch =
        (await this.push.heldBatch(clientId)) ??
        (sub.testRequestedAt ? await this.holdTest(sub, sub.testRequestedAt, now) : await this.cutBatch(sub, now));
      if (!batch) break;
      const sent = await this.send(sub, batch, now);
      if (!sent) return { delivered, failed: true };
      delivered++;
    }
    return { delivered, failed: false };
  }

  /** The client's next records after its cursor, as its pull feed answers them; null when it is up to date. */
  private async cutBatch(sub: FeedPushSubscription, now: Date): Promise<FeedPushBatch | null> {
    const withCodes = scopeCarriesCabinetCodes(sub.scope);
    const rows = await this.feed.scopeRecords(sub.scope, sub.deliveredRevision, Number.MAX_SAFE_INTEGER, FEED_PUSH_BATCH_RECORDS, withCodes);
    if (!rows.length) return null;
    const upTo = rows[rows.length - 1].revision;
    const messageId = feedPushMessageId(sub.deliveredRevision, upTo);
    // Key order is the wire's (FeedPushBody); the records are the pull feed's JSON, spliced without re-parsing.
    const body =
      `{"type":"${FEED_PUSH_EVENT_RECORDS}","afterCursor":"${sub.deliveredRevision}","nextCursor":"${upTo}",` +
      `"records":[${rows.map(feedRecordJson).join(',')}]}`;
    const kits = rows.filter((r) => r.recordJson);
    const batch: FeedPushBatch = {
      clientId: sub.clientId,
      messageId,
      type: FEED_PUSH_EVENT_RECORDS,
      afterRevision: sub.deliveredRevision,
      upToRevision: upTo,
      recordCount: rows.length,
      body,
    };
    // A batch that may carry codes is in the access log before it first leaves, once however often it is sent.
    return this.push.holdBatch(batch, now, (m) =>
      withCodes && kits.length
        ? this.feed.logAccess(
            {
              requestId: feedPushAccessRequestId(messageId),
              clientId: sub.clientId,
              scope: sub.scope,
              kitsReturned: kits.length,
              codesReturned: kits.filter((r) => r.hasCabinetCode).length,
              clientAddress: `push ${new URL(sub.url).host}`,
            },
            m,
          )
        : Promise.resolve(),
    );
  }

  /** An admin's test event: no records, the delivered cursor as both cursors, sent in turn like any batch. */
  private holdTest(sub: FeedPushSubscription, requestedAt: Date, now: Date): Promise<FeedPushBatch> {
    const cursor = sub.deliveredRevision;
    const batch: FeedPushBatch = {
      clientId: sub.clientId,
      messageId: `msg_${sub.clientId.replace(/-/g, '')}_test_${requestedAt.getTime()}`,
      type: FEED_PUSH_EVENT_TEST,
      afterRevision: cursor,
      upToRevision: cursor,
      recordCount: 0,
      body: `{"type":"${FEED_PUSH_EVENT_TEST}","afterCursor":"${cursor}","nextCursor":"${cursor}","records":[]}`,
    };
    return this.push.holdBatch(batch, now, (m) => this.push.testHeld(m, sub.clientId, requestedAt));
  }

  private async send(sub: FeedPushSubscription, batch: FeedPushBatch, now: Date): Promise<boolean> {
    const secrets = [sub.secret];
    if (sub.previousSecret && sub.previousSecretValidUntil && sub.previousSecretValidUntil > now) secrets.push(sub.previousSecret);
    const timestamp = Math.floor(now.getTime() / 1000);
    const outcome = await this.sender.post({
      url: sub.url,
      headers: {
        [FeedPushHeaders.id]: batch.messageId,
        [FeedPushHeaders.timestamp]: String(timestamp),
        [FeedPushHeaders.signature]: feedPushSignatures(secrets, batch.messageId, timestamp, batch.body),
        [FeedPushHeaders.cursor]: String(batch.upToRevision),
      },
      body: batch.body,
    });
    const attempt = { ...outcome, outcome: outcome.delivered ? ('delivered' as const) : ('failed' as const), attemptedAt: now };
    if (outcome.delivered) {
      const caughtUp = (await this.push.recordsAfter(sub.scope, batch.upToRevision, 1)) === 0;
      await this.push.recordDelivered(batch, attempt, caughtUp);
      return true;
    }
    const failingSince = sub.failingSince ?? now;
    const pause = now.getTime() - failingSince.getTime() >= FEED_PUSH_RETRY_HOURS * 3_600_000;
    const nextAttemptAt = new Date(now.getTime() + feedPushBackoffMs(sub.failedAttempts + 1));
    await this.push.recordFailed(batch, attempt, { nextAttemptAt, pause });
    if (pause) this.log.warn(`Push to feed client ${sub.clientId} paused after ${FEED_PUSH_RETRY_HOURS} h of failures: ${outcome.error}`);
    return false;
  }
}
