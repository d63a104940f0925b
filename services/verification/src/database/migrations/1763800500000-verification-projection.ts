import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The verification context's own tables: its projection of the kits feed (a kit that leaves the active register
 * stays as a row with active = false, so a replica applying an older page can never bring it back), its feed
 * position, the e-mails it asked the outbox for (one row per idempotency key), the restock notices it owes, and
 * the reminder runs (one per scheduler tick).
 */
export class VerificationProjection1763800500000 implements MigrationInterface {
  name = 'VerificationProjection1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE verification.kits (
        id bigint PRIMARY KEY,
        revision bigint NOT NULL,
        active boolean NOT NULL,
        serial_number text NOT NULL DEFAULT '',
        location_name text NOT NULL DEFAULT '',
        address_line1 text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        postcode text NOT NULL DEFAULT '',
        custodian_name text NOT NULL DEFAULT '',
        custodian_email text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_verified_at timestamptz,
        next_verification_due date,
        deployment_status text NOT NULL DEFAULT 'available',
        deployment_notes text,
        deployment_changed_at timestamptz,
        tourniquet_expiry date,
        dressings_expiry date
      )`);
    await q.query(`CREATE INDEX kits_active_due_idx ON verification.kits (next_verification_due, id) WHERE active`);
    await q.query(`CREATE TABLE verification.feed_position (id int PRIMARY KEY CHECK (id = 1), revision bigint NOT NULL)`);
    await q.query(`INSERT INTO verification.feed_position (id, revision) VALUES (1, 0)`);
    await q.query(`
      CREATE TABLE verification.sent_emails (
        idempotency_key text PRIMARY KEY,
        template_id text NOT NULL,
        kit_id bigint,
        recipient text NOT NULL,
        message_id text,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE verification.restock_notices (
        kit_id bigint NOT NULL,
        deployed_at timestamptz NOT NULL,
        idempotency_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        PRIMARY KEY (kit_id, deployed_at)
      )`);
    await q.query(`CREATE INDEX restock_notices_unsent_idx ON verification.restock_notices (created_at) WHERE sent_at IS NULL`);
    await q.query(`
      CREATE TABLE verification.reminder_runs (
        id bigserial PRIMARY KEY,
        run_key text NOT NULL UNIQUE,
        kind text NOT NULL,
        attempts int NOT NULL DEFAULT 1,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        result jsonb
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE verification.reminder_runs, verification.restock_notices, verification.sent_emails, verification.feed_position, verification.kits`,
    );
  }
}
