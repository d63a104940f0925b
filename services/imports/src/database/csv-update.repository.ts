import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CsvUpdateEntry, Actor } from '@bleedkits/contracts';
import type { ValidUpdate } from '../domain/approved-update';

export type CsvUpdateJobRow = {
  id: string;
  requestedBy: string;
  requestedByEmail: string;
  total: number;
  successful: number;
  failed: number;
  status: 'staging' | 'queued' | 'processing' | 'completed' | 'failed';
  errorMessage: string | null;
};
export type PendingEntry = { id: number; position: number; update: ValidUpdate };

const JOB_COLUMNS = `id, requested_by AS "requestedBy", requested_by_email AS "requestedByEmail", total, successful, failed, status, error_message AS "errorMessage"`;

/** Queued CSV updates: a job and one entry per approved update, each settled once (processing → completed or failed). */
@Injectable()
export class CsvUpdateRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a part of a job's updates at their positions (a part sent again changes nothing). */
  async stage(jobId: string, actor: Actor, firstPosition: number, updates: readonly ValidUpdate[]): Promise<CsvUpdateJobRow> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO imports.csv_update_jobs (id, requested_by, requested_by_email) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
        jobId,
        actor.id,
        actor.email,
      ]);
      const [job]: CsvUpdateJobRow[] = await m.query(`SELECT ${JOB_COLUMNS} FROM imports.csv_update_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
      if (job.requestedBy !== actor.id || job.status !== 'staging') return job;
      await m.query(
        `INSERT INTO imports.csv_update_entries (job_id, position, action, db_id, payload)
         SELECT $1, e.position, e.action, e.db_id, e.payload FROM unnest($2::int[], $3::text[], $4::bigint[], $5::jsonb[]) AS e (position, action, db_id, payload)
         ON CONFLICT (job_id, position) DO NOTHING`,
        [
          jobId,
          updates.map((_, i) => firstPosition + i),
          updates.map((u) => u.action),
          updates.map((u) => (u.action === 'update' ? u.kitId : null)),
          updates.map((u) => JSON.stringify(u)),
        ],
      );
      return job;
    });
  }

  /** Every part is in: the job is queued with its total, or null when the count does not match. */
  async seal(jobId: string, actor: Actor, total: number): Promise<CsvUpdateJobRow | 'incomplete' | null> {
    return this.dataSource.transaction(async (m) => {
      const [job]: CsvUpdateJobRow[] = await m.query(`SELECT ${JOB_COLUMNS} FROM imports.csv_update_jobs WHERE id = $1 FOR UPDATE`, [jobId]);
      if (!job || job.requestedBy !== actor.id) return null;
      if (job.status !== 'staging') return job;
      const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM imports.csv_update_entries WHERE job_id = $1`, [jobId]);
      if (n !== total || total === 0) return 'incomplete';
      await m.query(`UPDATE imports.csv_update_jobs SET total = $2, status = 'queued' WHERE id = $1`, [jobId, total]);
      return { ...job, total, status: 'queued' };
    });
  }

  async find(jobId: string): Promise<CsvUpdateJobRow | null> {
    const rows: CsvUpdateJobRow[] = await this.dataSource.query(`SELECT ${JOB_COLUMNS} FROM imports.csv_update_jobs WHERE id = $1`, [jobId]);
    return rows[0] ?? null;
  }

  async markProcessing(jobId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE imports.csv_update_jobs SET status = 'processing', started_at = coalesce(started_at, now()), error_message = NULL WHERE id = $1 AND status IN ('queued', 'processing', 'failed')`,
      [jobId],
    );
  }

  /** Entries not settled yet, in order: a job taken over after a crash carries on from here. */
  async pending(jobId: string, afterPosition: number, limit: number): Promise<PendingEntry[]> {
    const rows: { id: string; position: number; payload: ValidUpdate }[] = await this.dataSource.query(
      `SELECT id, position, payload FROM imports.csv_update_entries WHERE job_id = $1 AND status = 'processing' AND position > $2 ORDER BY position LIMIT $3`,
      [jobId, afterPosition, limit],
    );
    return rows.map((r) => ({ id: Number(r.id), position: r.position, update: r.payload }));
  }

  /** Settles an entry and counts it, once. */
  async settle(jobId: string, entryId: number, outcome: { ok: true; kitId: number } | { ok: false; message: string }): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const done: unknown[] = await m.query(
        `UPDATE imports.csv_update_entries SET status = $3, kit_id = $4, error_message = $5, processed_at = now()
          WHERE id = $2 AND job_id = $1 AND status = 'processing' RETURNING id`,
        [jobId, entryId, outcome.ok ? 'completed' : 'failed', outcome.ok ? outcome.kitId : null, outcome.ok ? null : outcome.message],
      );
      if (!done.length) return;
      await m.query(`UPDATE imports.csv_update_jobs SET ${outcome.ok ? 'successful = successful + 1' : 'failed = failed + 1'} WHERE id = $1`, [
        jobId,
      ]);
    });
  }

  async complete(jobId: string): Promise<void> {
    await this.dataSource.query(`UPDATE imports.csv_update_jobs SET status = 'completed', finished_at = now() WHERE id = $1`, [jobId]);
  }

  async fail(jobId: string, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE imports.csv_update_jobs SET status = 'failed', finished_at = now(), error_message = $2 WHERE id = $1 AND status <> 'completed'`,
      [jobId, message],
    );
  }

  async entriesAfter(jobId: string, afterId: number, limit: number): Promise<CsvUpdateEntry[]> {
    const rows: (Omit<CsvUpdateEntry, 'id' | 'dbId' | 'processedAt'> & { id: string; dbId: string | null; processedAt: Date | null })[] =
      await this.dataSource.query(
        `SELECT id, status, action, coalesce(db_id, kit_id) AS "dbId", processed_at AS "processedAt", error_message AS "errorMessage"
         FROM imports.csv_update_entries WHERE job_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [jobId, afterId, limit],
      );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      dbId: r.dbId === null ? null : Number(r.dbId),
      processedAt: r.processedAt ? new Date(r.processedAt).toISOString() : null,
    }));
  }
}
