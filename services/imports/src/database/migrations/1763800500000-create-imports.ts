import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateImports1763800500000 implements MigrationInterface {
  name = 'CreateImports1763800500000';

  async up(q: QueryRunner): Promise<void> {
    // Uploads arrive in parts (NATS carries at most 1 MB a message); a command then names the upload.
    await q.query(`
      CREATE TABLE imports.staged_parts (
        upload_id uuid NOT NULL,
        part int NOT NULL CHECK (part >= 0),
        actor_id text NOT NULL,
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, part)
      )`);
    await q.query(`CREATE INDEX staged_parts_created_idx ON imports.staged_parts (created_at)`);
    await q.query(`
      CREATE TABLE imports.import_jobs (
        id uuid PRIMARY KEY,
        owner_id text NOT NULL,
        requested_by text NOT NULL,
        requested_by_role text NOT NULL,
        file_name text NOT NULL,
        encoding text NOT NULL,
        content bytea,
        total int NOT NULL,
        processed int NOT NULL DEFAULT 0,
        created int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        error_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    // One outcome per (job, row), committed with the counters: a job taken over after a crash skips these rows,
    // and the kits context's idempotency key (import:<job>:<row>) covers a row registered but not yet recorded.
    await q.query(`
      CREATE TABLE imports.import_outcomes (
        job_id uuid NOT NULL REFERENCES imports.import_jobs (id) ON DELETE CASCADE,
        row_number int NOT NULL,
        kit_id bigint,
        errors jsonb,
        PRIMARY KEY (job_id, row_number),
        CHECK ((kit_id IS NULL) <> (errors IS NULL))
      )`);
    await q.query(`
      CREATE TABLE imports.csv_update_jobs (
        id uuid PRIMARY KEY,
        requested_by text NOT NULL,
        requested_by_email text NOT NULL,
        total int NOT NULL DEFAULT 0,
        successful int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'staging' CHECK (status IN ('staging', 'queued', 'processing', 'completed', 'failed')),
        error_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE imports.csv_update_entries (
        id bigserial PRIMARY KEY,
        job_id uuid NOT NULL REFERENCES imports.csv_update_jobs (id) ON DELETE CASCADE,
        position int NOT NULL,
        action text NOT NULL CHECK (action IN ('update', 'create')),
        db_id bigint,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
        kit_id bigint,
        error_message text,
        processed_at timestamptz,
        UNIQUE (job_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE imports.csv_update_entries, imports.csv_update_jobs, imports.import_outcomes, imports.import_jobs, imports.staged_parts`,
    );
  }
}
