import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FeedPushTestEvent1765000200000 implements MigrationInterface {
  name = 'FeedPushTestEvent1765000200000';

  async up(q: QueryRunner): Promise<void> {
    // An admin's 'send a test event': the next batch the delivery holds is a test (no records), in turn with the rest.
    await q.query(`ALTER TABLE kits.feed_push_subscriptions ADD COLUMN test_requested_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE kits.feed_push_subscriptions DROP COLUMN test_requested_at`);
  }
}
