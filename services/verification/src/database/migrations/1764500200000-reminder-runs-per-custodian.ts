import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminder runs as jobs with a status (issue 24), and one e-mail per custodian per run:
 * - `reminder_runs` gains the run's public id, its status (queued, running, done, failed), who asked, its counts
 *   and the time it was queued; a queued run has not started yet;
 * - `kit_reminders`: one row per kit, due cycle (its due day) and kind once a run has reminded its custodian of it,
 *   alone or in a digest, so a kit is listed once per cycle whatever the runs. Filled from the per-kit reminders
 *   already sent (their keys name kit, kind and due day);
 * - `sent_emails` names the run that sent it, so a run's counts survive its restarts.
 */
export class ReminderRunsPerCustodian1764500200000 implements MigrationInterface {
  name = 'ReminderRunsPerCustodian1764500200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE verification.reminder_runs
        ADD COLUMN run_id text UNIQUE,
        ADD COLUMN status text NOT NULL DEFAULT 'running' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        ADD COLUMN requested_by text NOT NULL DEFAULT 'schedule',
        ADD COLUMN kits_considered int NOT NULL DEFAULT 0,
        ADD COLUMN custodians int NOT NULL DEFAULT 0,
        ADD COLUMN custodians_done int NOT NULL DEFAULT 0,
        ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN error text,
        ALTER COLUMN started_at DROP NOT NULL`);
    await q.query(`
      UPDATE verification.reminder_runs
         SET run_id = md5(run_key)::uuid::text, queued_at = started_at,
             status = CASE WHEN finished_at IS NULL THEN 'failed' ELSE 'done' END,
             requested_by = CASE WHEN run_key LIKE 'admin%' THEN 'admin' ELSE 'schedule' END,
             kits_considered = coalesce((result->>'kitsChecked')::int, 0)`);
    await q.query(`CREATE INDEX reminder_runs_kind_queued_idx ON verification.reminder_runs (kind, queued_at DESC, id DESC)`);
    await q.query(`ALTER TABLE verification.sent_emails ADD COLUMN run_id text`);
    await q.query(`CREATE INDEX sent_emails_run_idx ON verification.sent_emails (run_id) WHERE run_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE verification.kit_reminders (
        kit_id bigint NOT NULL,
        due_day date NOT NULL,
        kind text NOT NULL,
        run_id text,
        recipient text NOT NULL,
        reminded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kit_id, due_day, kind)
      )`);
    await q.query(`CREATE INDEX kit_reminders_run_idx ON verification.kit_reminders (run_id) WHERE run_id IS NOT NULL`);
    await q.query(`
      INSERT INTO verification.kit_reminders (kit_id, due_day, kind, recipient, reminded_at)
      SELECT split_part(idempotency_key, ':', 3)::bigint, split_part(idempotency_key, ':', 5)::date, split_part(idempotency_key, ':', 1), recipient, sent_at
        FROM verification.sent_emails
       WHERE template_id IN ('verification_reminder', 'verification_overdue') AND idempotency_key ~ '^verification_(reminder|overdue):kit:[0-9]+:due:[0-9]{4}-[0-9]{2}-[0-9]{2}$'
      ON CONFLICT DO NOTHING`);
    // A run finds a custodian's kits by address (one e-mail per custodian, whatever the capitals).
    await q.query(`CREATE INDEX kits_custodian_due_idx ON verification.kits (lower(custodian_email), next_verification_due, id) WHERE active`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX verification.kits_custodian_due_idx`);
    await q.query(`DROP TABLE verification.kit_reminders`);
    await q.query(`ALTER TABLE verification.sent_emails DROP COLUMN run_id`);
    await q.query(`DROP INDEX verification.reminder_runs_kind_queued_idx`);
    await q.query(`UPDATE verification.reminder_runs SET started_at = coalesce(started_at, queued_at)`);
    await q.query(`
      ALTER TABLE verification.reminder_runs
        DROP COLUMN run_id, DROP COLUMN status, DROP COLUMN requested_by, DROP COLUMN kits_considered, DROP COLUMN custodians,
        DROP COLUMN custodians_done, DROP COLUMN queued_at, DROP COLUMN error, ALTER COLUMN started_at SET NOT NULL`);
  }
}
