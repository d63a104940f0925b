import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBackupRuns1763800000000 implements MigrationInterface {
  name = 'CreateBackupRuns1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // One row per backup run. run_key is the schedule tick (or the manual request): a job that BullMQ runs again
    // finds its row instead of making a second backup.
    await q.query(`
      CREATE TABLE backups.backup_runs (
        id uuid PRIMARY KEY,
        run_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        finished_at timestamptz,
        status text NOT NULL CHECK (status IN ('in_progress', 'success', 'failed')),
        is_full boolean NOT NULL,
        is_automatic boolean NOT NULL,
        size_bytes bigint,
        duration_ms integer,
        file_name text UNIQUE,
        full_backup_id uuid,
        parent_backup_id uuid,
        table_checksums jsonb,
        schema_fingerprint text,
        cloud_status text NOT NULL DEFAULT 'local_only' CHECK (cloud_status IN ('local_only', 'pending', 'uploaded', 'failed')),
        cloud_path text,
        cloud_attempts integer NOT NULL DEFAULT 0,
        cloud_error text,
        error_message text,
        pruned_at timestamptz
      )`);
    await q.query(`CREATE INDEX backup_runs_history_idx ON backups.backup_runs (created_at DESC, id DESC) WHERE pruned_at IS NULL`);
    // Settings of the context (the Dropbox token, sealed with the backup key).
    await q.query(`CREATE TABLE backups.settings (name text PRIMARY KEY, value text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE backups.settings`);
    await q.query(`DROP TABLE backups.backup_runs`);
  }
}
