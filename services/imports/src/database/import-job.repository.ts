import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { JobState } from '@bleedkits/contracts';

export type ImportJobRow = {
  id: string;
  ownerId: string;
  requestedBy: string;
  requestedByRole: 'admin' | 'user';
  fileName: string;
  encoding: string;
  total: number;
  processed: number;
  created: number;
  failed: number;
  status: JobState;
  errorMessage: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** What became of one row: the kit it made, or the messages it was refused with. */
export type RowOutcome = { row: number; kitId: number } | { row: number; errors: string[] };

const JOB_COLUMNS = `id, owner_id AS "ownerId", requested_by AS "requestedBy", requested_by_role AS "requestedByRole", file_name AS "fileName", encoding, total, processed,
  created, failed, status, error_message AS "errorMessage", created_at AS "createdAt", finished_at AS "finishedAt"`;

@Injectable()
export class ImportJobRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A job with its file; created once per upload id (a repeated start finds it). */
  async create(
    m: EntityManager,
    job: {
      id: string;
      ownerId: string;
      requestedBy: string;
      requestedByRole: string;
      fileName: string;
      encoding: string;
      content: Buffer;
      total: number;
    },
  ): Promise<void> {
    await m.query(
      `INSERT INTO imports.import_jobs (id, owner_id, requested_by, requested_by_role, file_name, encoding, content, total) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO NOTHING`,
      [job.id, job.ownerId, job.requestedBy, job.requestedByRole, job.fileName, job.encoding, job.content, job.total],
    );
  }

  async find(id: string): Promise<ImportJobRow | null> {
    const rows: ImportJobRow[] = await this.dataSource.query(`SELECT ${JOB_COLUMNS} FROM imports.import_jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async content(id: string): Promise<Buffer | null> {
    const rows: { content: Buffer | null }[] = await this.dataSource.query(`SELECT content FROM imports.import_jobs WHERE id = $1`, [id]);
    return rows[0]?.content ?? null;
  }

  async markProcessing(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE imports.import_jobs SET status = 'processing', started_at = coalesce(started_at, now()), error_message = NULL WHERE id = $1 AND status <> 'completed'`,
      [id],
    );
  }

  /** Rows whose outcome is already committed: a job taken over after a crash skips them. */
  async doneRows(id: string): Promise<Set<number>> {
    const rows: { row: number }[] = await this.dataSource.query(`SELECT row_number AS row FROM imports.import_outcomes WHERE job_id = $1`, [id]);
    return new Set(rows.map((r) => r.row));
  }

  /**
   * Commits a batch of outcomes and the job's counters in one transaction. An outcome already there (a second
   * worker on the same job after a lock was lost) is kept and not counted again.
   */
  async commit(id: string, outcomes: readonly RowOutcome[]): Promise<void> {
    if (!outcomes.length) return;
    await this.dataSource.transaction(async (m) => {
      const inserted: { kitId: string | null }[] = await m.query(
        `INSERT INTO imports.import_outcomes (job_id, row_number, kit_id, errors)
         SELECT $1, o.row_number, o.kit_id, o.errors FROM unnest($2::int[], $3::bigint[], $4::jsonb[]) AS o (row_number, kit_id, errors)
         ON CONFLICT (job_id, row_number) DO NOTHING
         RETURNING kit_id AS "kitId"`,
        [
          id,
          outcomes.map((o) => o.row),
          outcomes.map((o) => ('kitId' in o ? o.kitId : null)),
          outcomes.map((o) => ('errors' in o ? JSON.stringify(o.errors) : null)),
        ],
      );
      const created = inserted.filter((r) => r.kitId !== null).length;
      await m.query(`UPDATE imports.import_jobs SET processed = processed + $2, created = created + $3, failed = failed + $4 WHERE id = $1`, [
        id,
        inserted.length,
        created,
        inserted.length - created,
      ]);
    });
  }

  /** Done: the file is no longer needed (the outcomes are the record). */
  async complete(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE imports.import_jobs SET status = 'completed', finished_at = now(), content = NULL WHERE id = $1`, [id]);
  }

  async fail(id: string, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE imports.import_jobs SET status = 'failed', finished_at = now(), error_message = $2 WHERE id = $1 AND status <> 'completed'`,
      [id, message],
    );
  }

  async errorsAfter(id: string, afterRow: number, limit: number): Promise<{ row: number; errors: string[] }[]> {
    return this.dataSource.query(
      `SELECT row_number AS row, errors FROM imports.import_outcomes WHERE job_id = $1 AND errors IS NOT NULL AND row_number > $2 ORDER BY row_number LIMIT $3`,
      [id, afterRow, limit],
    );
  }
}
