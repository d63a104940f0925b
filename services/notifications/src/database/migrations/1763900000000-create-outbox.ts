import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOutbox1763900000000 implements MigrationInterface {
  name = 'CreateOutbox1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications.email_templates (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        variables jsonb NOT NULL,
        subject text NOT NULL,
        html_template text NOT NULL,
        text_template text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
    // The outbox row is the source of truth for every e-mail; the queue job carries only its id. The unique
    // idempotency key is what makes a repeated request return the same message instead of a second e-mail.
    await q.query(`
      CREATE TABLE notifications.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key text NOT NULL UNIQUE,
        template_id text NOT NULL,
        recipient text NOT NULL,
        reply_to text,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_created_idx ON notifications.outbox (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX outbox_status_created_idx ON notifications.outbox (status, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications.outbox`);
    await q.query(`DROP TABLE notifications.email_templates`);
  }
}
