import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox message may belong to a batch (a reminder run's e-mails), so the run's page can say how many of its
 * e-mails have left and how many were given up without asking for every message.
 */
export class OutboxBatches1764500000000 implements MigrationInterface {
  name = 'OutboxBatches1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.outbox ADD COLUMN batch text`);
    await q.query(`CREATE INDEX outbox_batch_idx ON notifications.outbox (batch, status) WHERE batch IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications.outbox_batch_idx`);
    await q.query(`ALTER TABLE notifications.outbox DROP COLUMN batch`);
  }
}
