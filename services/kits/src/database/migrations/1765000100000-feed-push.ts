import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FeedPush1765000100000 implements MigrationInterface {
  name = 'FeedPush1765000100000';

  async up(q: QueryRunner): Promise<void> {
    // One webhook per feed client. The secret is kept as given (it must sign); the one before a rotation signs
    // beside it until previous_secret_valid_until. delivered_revision is the cursor the receiver has acknowledged.
    await q.query(`
      CREATE TABLE kits.feed_push_subscriptions (
        client_id uuid PRIMARY KEY REFERENCES kits.ambulance_feed_clients (id),
        url text NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_valid_until timestamptz,
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused')),
        delivered_revision bigint NOT NULL,
        delivered_at timestamptz,
        behind_since timestamptz,
        failed_attempts int NOT NULL DEFAULT 0,
        failing_since timestamptz,
        next_attempt_at timestamptz,
        last_error text,
        paused_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid NOT NULL
      )`);
    // The batch being delivered, kept byte for byte: every retry sends the same records under the same id, even
    // when the kits in it changed since (their new revisions come in a later batch, as on the pull feed).
    await q.query(`
      CREATE TABLE kits.feed_push_batches (
        client_id uuid PRIMARY KEY REFERENCES kits.feed_push_subscriptions (client_id) ON DELETE CASCADE,
        message_id text NOT NULL,
        type text NOT NULL,
        after_revision bigint NOT NULL,
        up_to_revision bigint NOT NULL,
        record_count int NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE kits.feed_push_deliveries (
        id bigserial PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES kits.feed_push_subscriptions (client_id) ON DELETE CASCADE,
        message_id text NOT NULL,
        type text NOT NULL,
        after_revision bigint NOT NULL,
        up_to_revision bigint NOT NULL,
        record_count int NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status int,
        error text,
        attempted_at timestamptz NOT NULL,
        duration_ms int NOT NULL
      )`);
    await q.query(`CREATE INDEX feed_push_deliveries_client_idx ON kits.feed_push_deliveries (client_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE kits.feed_push_deliveries, kits.feed_push_batches, kits.feed_push_subscriptions`);
  }
}
