import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FeedPushDelivery, FeedPushDeliveryOutcome, FeedPushState, FeedScope } from '@bleedkits/contracts';

/** A subscription with its client's scope, as the delivery and the admin calls read it. */
export type FeedPushSubscription = {
  clientId: string;
  scope: FeedScope;
  clientRevoked: boolean;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretValidUntil: Date | null;
  state: FeedPushState;
  deliveredRevision: number;
  deliveredAt: Date | null;
  behindSince: Date | null;
  failedAttempts: number;
  failingSince: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
  pausedAt: Date | null;
  /** An admin asked for a test event that is not yet held for sending. */
  testRequestedAt: Date | null;
  createdAt: Date;
};

/** The batch being delivered to a client: the same bytes under the same id on every attempt. */
export type FeedPushBatch = {
  clientId: string;
  messageId: string;
  type: FeedPushDelivery['type'];
  afterRevision: number;
  upToRevision: number;
  recordCount: number;
  body: string;
};

export type FeedPushAttempt = {
  outcome: FeedPushDeliveryOutcome;
  httpStatus: number | null;
  error: string | null;
  attemptedAt: Date;
  durationMs: number;
};

const SUBSCRIPTION_SELECT = `
  SELECT s.client_id AS "clientId", c.scope, (c.revoked_at IS NOT NULL) AS "clientRevoked", s.url, s.secret,
         s.previous_secret AS "previousSecret", s.previous_secret_valid_until AS "previousSecretValidUntil", s.state,
         s.delivered_revision::bigint AS "deliveredRevision", s.delivered_at AS "deliveredAt", s.behind_since AS "behindSince",
         s.failed_attempts AS "failedAttempts", s.failing_since AS "failingSince", s.next_attempt_at AS "nextAttemptAt",
         s.last_error AS "lastError", s.paused_at AS "pausedAt", s.test_requested_at AS "testRequestedAt", s.created_at AS "createdAt"
    FROM kits.feed_push_subscriptions s JOIN kits.ambulance_feed_clients c ON c.id = s.client_id`;

const date = (v: unknown) => (v == null ? null : new Date(v as string));

function toSubscription(r: Record<string, unknown>): FeedPushSubscription {
  return {
    ...(r as unknown as FeedPushSubscription),
    deliveredRevision: Number(r.deliveredRevision),
    previousSecretValidUntil: date(r.previousSecretValidUntil),
    deliveredAt: date(r.deliveredAt),
    behindSince: date(r.behindSince),
    failingSince: date(r.failingSince),
    nextAttemptAt: date(r.nextAttemptAt),
    pausedAt: date(r.pausedAt),
    testRequestedAt: date(r.testRequestedAt),
    createdAt: date(r.createdAt)!,
  };
}

/** A feed client as push sees it: its scope, whether it is revoked, and its label and key prefix for the trail. */
export type FeedPushClient = { scope: FeedScope; revoked: boolean; label: string; keyPrefix: string };

/** Writes what an admin's change needs beside it (the audit entry) in the change's own transaction. */
export type AlsoRecord<T = undefined> = (m: EntityManager, change: T) => Promise<void>;

const BATCH_COLUMNS = `client_id AS "clientId", message_id AS "messageId", type, after_revision::bigint AS "afterRevision",
  up_to_revision::bigint AS "upToRevision", record_count AS "recordCount", body`;

const toBatch = (r: Record<string, unknown>): FeedPushBatch => ({
  ...(r as unknown as FeedPushBatch),
  afterRevision: Number(r.afterRevision),
  upToRevision: Number(r.upToRevision),
});

/** Push subscriptions of feed clients, the batch each is being sent and the log of every attempt. */
@Injectable()
export class FeedPushRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async subscription(clientId: string): Promise<FeedPushSubscription | null> {
    const [row] = await this.dataSource.query(`${SUBSCRIPTION_SELECT} WHERE s.client_id = $1`, [clientId]);
    return row ? toSubscription(row) : null;
  }

  /** The client's scope, whether it is revoked and what names it in the audit trail; null when there is no such client. */
  async client(clientId: string): Promise<FeedPushClient | null> {
    const [row] = await this.dataSource.query(
      `SELECT scope, (revoked_at IS NOT NULL) AS revoked, label, key_prefix AS "keyPrefix" FROM kits.ambulance_feed_clients WHERE id = $1`,
      [clientId],
    );
    return row ?? null;
  }

  /**
   * Creates the subscription (from `deliveredRevision`, with `secret`), or changes an existing one's URL only; answers
   * whether it was created and the URL it had. `alsoRecord` writes the audit entry in the same transaction.
   */
  async upsert(
    s: { clientId: string; url: string; secret: string; deliveredRevision: number; createdBy: string; now: Date },
    alsoRecord: AlsoRecord<{ created: boolean; previousUrl: string | null }>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [before] = await m.query(`SELECT url FROM kits.feed_push_subscriptions WHERE client_id = $1 FOR UPDATE`, [s.clientId]);
      const [row] = await m.query(
        `INSERT INTO kits.feed_push_subscriptions (client_id, url, secret, delivered_revision, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (client_id) DO UPDATE SET url = excluded.url
         RETURNING (xmax = 0) AS created`,
        [s.clientId, s.url, s.secret, s.deliveredRevision, s.createdBy, s.now],
      );
      const created = row.created === true;
      await alsoRecord(m, { created, previousUrl: before?.url ?? null });
      return created;
    });
  }

  /** The new secret signs from now; the one it replaces signs beside it until `previousValidUntil`. */
  async rotateSecret(clientId: string, secret: string, previousValidUntil: Date, alsoRecord: AlsoRecord): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE kits.feed_push_subscriptions SET previous_secret = secret, previous_secret_valid_until = $3, secret = $2 WHERE client_id = $1`,
        [clientId, secret, previousValidUntil],
      );
      await alsoRecord(m, undefined);
    });
  }

  /** Active again, its held batch tried at once. */
  async resume(clientId: string, alsoRecord: AlsoRecord): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE kits.feed_push_subscriptions
            SET state = 'active', paused_at = NULL, failed_attempts = 0, failing_since = NULL, next_attempt_at = NULL
          WHERE client_id = $1`,
        [clientId],
      );
      await alsoRecord(m, undefined);
    });
  }

  /** A test event is sent in turn: the next batch held for the client is the test. */
  async requestTest(clientId: string, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE kits.feed_push_subscriptions SET test_requested_at = $2 WHERE client_id = $1`, [clientId, now]);
  }

  /** The test asked for at `requestedAt` is held now (a later request stays asked). */
  async testHeld(m: EntityManager, clientId: string, requestedAt: Date): Promise<void> {
    await m.query(`UPDATE kits.feed_push_subscriptions SET test_requested_at = NULL WHERE client_id = $1 AND test_requested_at = $2`, [
      clientId,
      requestedAt,
    ]);
  }

  /** Delivery starts again after `fromRevision`: the held batch is dropped (its records are cut again). */
  async replayFrom(clientId: string, fromRevision: number, now: Date, alsoRecord: AlsoRecord): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM kits.feed_push_batches WHERE client_id = $1`, [clientId]);
      await m.query(
        `UPDATE kits.feed_push_subscriptions
            SET delivered_revision = $2, behind_since = $3, failed_attempts = 0, failing_since = NULL, next_attempt_at = NULL
          WHERE client_id = $1`,
        [clientId, fromRevision, now],
      );
      await alsoRecord(m, undefined);
    });
  }

  /**
   * Active subscriptions of clients not revoked that have something to send now: a held batch or a record of their
   * scope after the delivered cursor, and no retry waiting.
   */
  async dueClients(now: Date, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT s.client_id AS "clientId"
         FROM kits.feed_push_subscriptions s JOIN kits.ambulance_feed_clients c ON c.id = s.client_id
        WHERE s.state = 'active' AND c.revoked_at IS NULL AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= $1)
          AND (s.test_requested_at IS NOT NULL OR EXISTS (SELECT 1 FROM kits.feed_push_batches b WHERE b.client_id = s.client_id)
               OR EXISTS (SELECT 1 FROM kits.feed_entries e WHERE e.scope = c.scope AND e.revision > s.delivered_revision))
        ORDER BY s.next_attempt_at NULLS FIRST, s.client_id
        LIMIT $2`,
      [now, limit],
    )) as { clientId: string }[];
    return rows.map((r) => r.clientId);
  }

  async heldBatch(clientId: string): Promise<FeedPushBatch | null> {
    const [row] = await this.dataSource.query(`SELECT ${BATCH_COLUMNS} FROM kits.feed_push_batches WHERE client_id = $1`, [clientId]);
    return row ? toBatch(row) : null;
  }

  /**
   * Holds a batch for the client unless one is held already (then that one is answered: a second worker never cuts
   * another). `alsoRecord` writes in the same transaction, only when this batch was the one stored (the access log).
   */
  async holdBatch(b: FeedPushBatch, now: Date, alsoRecord?: (m: EntityManager) => Promise<void>): Promise<FeedPushBatch> {
    return this.dataSource.transaction(async (m) => {
      const inserted = (await m.query(
        `INSERT INTO kits.feed_push_batches (client_id, message_id, type, after_revision, up_to_revision, record_count, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (client_id) DO NOTHING RETURNING client_id`,
        [b.clientId, b.messageId, b.type, b.afterRevision, b.upToRevision, b.recordCount, b.body, now],
      )) as unknown[];
      if (!inserted.length) {
        const [held] = await m.query(`SELECT ${BATCH_COLUMNS} FROM kits.feed_push_batches WHERE client_id = $1`, [b.clientId]);
        return toBatch(held);
      }
      await m.query(`UPDATE kits.feed_push_subscriptions SET behind_since = coalesce(behind_since, $2) WHERE client_id = $1`, [b.clientId, now]);
      await alsoRecord?.(m);
      return b;
    });
  }

  /**
   * The receiver took the batch: the cursor moves to its end and the failures are forgotten. Nothing moves when the
   * batch is no longer the held one (an admin replayed meanwhile); the attempt is logged either way.
   */
  async recordDelivered(b: FeedPushBatch, attempt: FeedPushAttempt, caughtUp: boolean): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.logAttempt(m, b, attempt);
      const [released] = (await m.query(`DELETE FROM kits.feed_push_batches WHERE client_id = $1 AND message_id = $2 RETURNING client_id`, [
        b.clientId,
        b.messageId,
      ])) as [unknown[], number];
      if (!released.length) return;
      await m.query(
        `UPDATE kits.feed_push_subscriptions
            SET delivered_revision = greatest(delivered_revision, $2), delivered_at = $3, failed_attempts = 0, failing_since = NULL,
                next_attempt_at = NULL, last_error = NULL, behind_since = CASE WHEN $4 THEN NULL ELSE behind_since END
          WHERE client_id = $1`,
        [b.clientId, b.upToRevision, attempt.attemptedAt, caughtUp],
      );
    });
  }

  /** The batch stays held; the next attempt waits until `nextAttemptAt`; `pause` stops delivery until an admin resumes. */
  async recordFailed(b: FeedPushBatch, attempt: FeedPushAttempt, next: { nextAttemptAt: Date; pause: boolean }): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.logAttempt(m, b, attempt);
      await m.query(
        `UPDATE kits.feed_push_subscriptions
            SET failed_attempts = failed_attempts + 1, failing_since = coalesce(failing_since, $2), next_attempt_at = $3, last_error = $4,
                state = CASE WHEN $5 THEN 'paused' ELSE state END, paused_at = CASE WHEN $5 THEN $2 ELSE paused_at END
          WHERE client_id = $1`,
        [b.clientId, attempt.attemptedAt, next.nextAttemptAt, attempt.error, next.pause],
      );
    });
  }

  private async logAttempt(m: EntityManager, b: FeedPushBatch, a: FeedPushAttempt): Promise<void> {
    await m.query(
      `INSERT INTO kits.feed_push_deliveries (client_id, message_id, type, after_revision, up_to_revision, record_count, outcome, http_status, error, attempted_at, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        b.clientId,
        b.messageId,
        b.type,
        b.afterRevision,
        b.upToRevision,
        b.recordCount,
        a.outcome,
        a.httpStatus,
        a.error?.slice(0, 500) ?? null,
        a.attemptedAt,
        a.durationMs,
      ],
    );
  }

  /** Per subscription: when its receiver last took a batch, and when and why it was paused (the status page's facts). */
  async statusFacts(): Promise<{ clientId: string; deliveredAt: Date | null; pausedAt: Date | null; lastError: string | null }[]> {
    const rows = (await this.dataSource.query(
      `SELECT client_id AS "clientId", delivered_at AS "deliveredAt", CASE WHEN state = 'paused' THEN paused_at END AS "pausedAt", last_error AS "lastError"
         FROM kits.feed_push_subscriptions`,
    )) as Record<string, unknown>[];
    return rows.map((r) => ({
      clientId: String(r.clientId),
      deliveredAt: date(r.deliveredAt),
      pausedAt: date(r.pausedAt),
      lastError: (r.lastError as string) ?? null,
    }));
  }

  /** Records of the scope after the cursor (the lag), counted up to `cap`. */
  async recordsAfter(scope: FeedScope, afterRevision: number, cap: number): Promise<number> {
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM kits.feed_entries WHERE scope = $1 AND revision > $2 LIMIT $3) x`,
      [scope, afterRevision, cap],
    );
    return n;
  }

  async deliveryLog(clientId: string, page: number, pageSize: number): Promise<{ total: number; entries: FeedPushDelivery[] }> {
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM kits.feed_push_deliveries WHERE client_id = $1`, [clientId]);
    const rows = (await this.dataSource.query(
      `SELECT id::bigint AS id, message_id AS "messageId", type, after_revision::bigint AS "afterCursor", up_to_revision::bigint AS "nextCursor",
              record_count AS records, outcome, http_status AS "httpStatus", error, attempted_at AS "attemptedAt", duration_ms AS "durationMs"
         FROM kits.feed_push_deliveries WHERE client_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [clientId, pageSize, (page - 1) * pageSize],
    )) as Record<string, unknown>[];
    return {
      total,
      entries: rows.map((r) => ({
        ...(r as unknown as FeedPushDelivery),
        id: Number(r.id),
        afterCursor: String(r.afterCursor),
        nextCursor: String(r.nextCursor),
        attemptedAt: new Date(r.attemptedAt as string).toISOString(),
      })),
    };
  }
}
