import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BackupRecord, CloudCopyStatus } from '@bleedkits/contracts';
import type { TableState } from '../domain/backup-manifest';
import type { AlsoRecord } from './backups-audit-trail';

export type BackupRun = BackupRecord & {
  runKey: string;
  fullBackupId: string | null;
  parentBackupId: string | null;
  tableChecksums: TableState[] | null;
  schemaFingerprint: string | null;
  cloudPath: string | null;
  cloudAttempts: number;
  prunedAt: string | null;
};

const COLUMNS = `id, run_key AS "runKey", created_at AS "createdAt", status, is_full AS "isFullBackup", is_automatic AS "isAutomatic",
  size_bytes::float8 AS "sizeBytes", duration_ms AS "durationMs", file_name AS "fileName", cloud_status AS "cloudCopyStatus",
  coalesce(error_message, cloud_error) AS "errorMessage", full_backup_id AS "fullBackupId", parent_backup_id AS "parentBackupId",
  table_checksums AS "tableChecksums", schema_fingerprint AS "schemaFingerprint", cloud_path AS "cloudPath",
  cloud_attempts AS "cloudAttempts", pruned_at AS "prunedAt"`;

type Row = Omit<BackupRun, 'createdAt' | 'prunedAt'> & { createdAt: Date; prunedAt: Date | null };
const toRun = (r: Row): BackupRun => ({ ...r, createdAt: r.createdAt.toISOString(), prunedAt: r.prunedAt ? r.prunedAt.toISOString() : null });

/** The wire shape of a run (no chain internals). */
export function toRecord(run: BackupRun): BackupRecord {
  const { id, createdAt, status, isFullBackup, isAutomatic, sizeBytes, durationMs, fileName, cloudCopyStatus, errorMessage } = run;
  return { id, createdAt, status, isFullBackup, isAutomatic, sizeBytes, durationMs, fileName, cloudCopyStatus, errorMessage };
}

@Injectable()
export class BackupRunRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** TypeORM answers an UPDATE ... RETURNING with [rows, affected count], a SELECT with the rows. */
  private async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = (await this.db.query(sql, params)) as unknown[];
    return (/^\s*(UPDATE|DELETE)/i.test(sql) ? result[0] : result) as T[];
  }

  private async one(sql: string, params: unknown[]): Promise<BackupRun | null> {
    const rows = await this.rows<Row>(sql, params);
    return rows[0] ? toRun(rows[0]) : null;
  }

  /**
   * The run of a tick or request: created once, found again by any retry. `alsoRecord` writes in the transaction
   * that creates the row (an admin's manual backup: its audit entry), and only then: a retry finds the run and records nothing.
   */
  async findOrCreate(
    run: { id: string; runKey: string; createdAt: Date; isFull: boolean; isAutomatic: boolean },
    alsoRecord?: AlsoRecord,
  ): Promise<BackupRun> {
    await this.db.transaction(async (m) => {
      // TypeORM answers an INSERT ... RETURNING with the rows (a DELETE or UPDATE with [rows, count]).
      const created = (await m.query(
        `INSERT INTO backups.backup_runs (id, run_key, created_at, status, is_full, is_automatic) VALUES ($1, $2, $3, 'in_progress', $4, $5)
         ON CONFLICT (run_key) DO NOTHING RETURNING id`,
        [run.id, run.runKey, run.createdAt, run.isFull, run.isAutomatic],
      )) as unknown[];
      if (created.length > 0) await alsoRecord?.(m);
    });
    return (await this.findByKey(run.runKey))!;
  }

  findByKey(runKey: string): Promise<BackupRun | null> {
    return this.one(`SELECT ${COLUMNS} FROM backups.backup_runs WHERE run_key = $1`, [runKey]);
  }

  findById(id: string): Promise<BackupRun | null> {
    return this.one(`SELECT ${COLUMNS} FROM backups.backup_runs WHERE id = $1`, [id]);
  }

  /** The newest successful backup still kept, with what an incremental needs to build on it. */
  lastSuccessful(): Promise<BackupRun | null> {
    return this.one(
      `SELECT ${COLUMNS} FROM backups.backup_runs WHERE status = 'success' AND pruned_at IS NULL AND table_checksums IS NOT NULL AND file_name IS NOT NULL
       ORDER BY created_at DESC, finished_at DESC LIMIT 1`,
      [],
    );
  }

  async markRunning(id: string): Promise<void> {
    await this.db.query(`UPDATE backups.backup_runs SET status = 'in_progress', error_message = NULL WHERE id = $1`, [id]);
  }

  async markSucceeded(
    id: string,
    r: {
      isFull: boolean;
      sizeBytes: number;
      durationMs: number;
      fileName: string;
      fullBackupId: string;
      parentBackupId: string | null;
      tables: TableState[];
      schemaFingerprint: string;
      cloudStatus: CloudCopyStatus;
      finishedAt: Date;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE backups.backup_runs SET status = 'success', is_full = $2, size_bytes = $3, duration_ms = $4, file_name = $5, full_backup_id = $6,
         parent_backup_id = $7, table_checksums = $8, schema_fingerprint = $9, cloud_status = $10, finished_at = $11, error_message = NULL
       WHERE id = $1`,
      [
        id,
        r.isFull,
        r.sizeBytes,
        r.durationMs,
        r.fileName,
        r.fullBackupId,
        r.parentBackupId,
        JSON.stringify(r.tables),
        r.schemaFingerprint,
        r.cloudStatus,
        r.finishedAt,
      ],
    );
  }

  async markFailed(id: string, message: string, durationMs: number | null, finishedAt: Date): Promise<void> {
    await this.db.query(`UPDATE backups.backup_runs SET status = 'failed', error_message = $2, duration_ms = $3, finished_at = $4 WHERE id = $1`, [
      id,
      message.slice(0, 2000),
      durationMs,
      finishedAt,
    ]);
  }

  async page(page: number, limit: number): Promise<{ runs: BackupRun[]; total: number }> {
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM backups.backup_runs WHERE pruned_at IS NULL ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, (page - 1) * limit],
    );
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM backups.backup_runs WHERE pruned_at IS NULL`)) as {
      total: number;
    }[];
    return { runs: rows.map(toRun), total };
  }

  async stats(): Promise<{ total: number; failed: number; latestAt: string | null; latestSize: number | null }> {
    const [r] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'success')::int AS total, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              (SELECT created_at FROM backups.backup_runs WHERE status = 'success' AND pruned_at IS NULL ORDER BY created_at DESC LIMIT 1) AS "latestAt",
              (SELECT size_bytes::float8 FROM backups.backup_runs WHERE status = 'success' AND pruned_at IS NULL ORDER BY created_at DESC LIMIT 1) AS "latestSize"
         FROM backups.backup_runs WHERE pruned_at IS NULL`,
    )) as { total: number; failed: number; latestAt: Date | null; latestSize: number | null }[];
    return { total: r.total, failed: r.failed, latestAt: r.latestAt ? r.latestAt.toISOString() : null, latestSize: r.latestSize };
  }

  /** The facts of the status page: the newest good and failed backups, and the newest copy that reached the cloud. */
  async health(): Promise<{ lastGoodAt: Date | null; lastFailedAt: Date | null; lastError: string | null; lastCopyAt: Date | null }> {
    const [r] = (await this.db.query(
      `SELECT (SELECT max(coalesce(finished_at, created_at)) FROM backups.backup_runs WHERE status = 'success') AS "lastGoodAt",
              f.at AS "lastFailedAt", f.error AS "lastError",
              (SELECT max(uploaded_at) FROM backups.backup_runs WHERE cloud_status = 'uploaded') AS "lastCopyAt"
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (SELECT coalesce(finished_at, created_at) AS at, error_message AS error FROM backups.backup_runs
                             WHERE status = 'failed' ORDER BY coalesce(finished_at, created_at) DESC LIMIT 1) f ON true`,
    )) as { lastGoodAt: Date | null; lastFailedAt: Date | null; lastError: string | null; lastCopyAt: Date | null }[];
    return r;
  }

  /** Kept successful backups, for retention. */
  async retained(): Promise<BackupRun[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM backups.backup_runs WHERE status = 'success' AND pruned_at IS NULL`);
    return rows.map(toRun);
  }

  /** Marks a backup pruned; the answer says what is left to delete. Null when it was already pruned. */
  prune(id: string, at: Date): Promise<BackupRun | null> {
    return this.one(`UPDATE backups.backup_runs SET pruned_at = $2 WHERE id = $1 AND pruned_at IS NULL RETURNING ${COLUMNS}`, [id, at]);
  }

  /** Pruned backups whose cloud copy is still there (a delete that failed, or an upload that finished after the prune). */
  async prunedInCloud(): Promise<BackupRun[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM backups.backup_runs WHERE pruned_at IS NOT NULL AND cloud_status = 'uploaded'`);
    return rows.map(toRun);
  }

  /** Forgets pruned backups that have nothing left anywhere (no upload can still be running for them). */
  async forgetPruned(): Promise<void> {
    await this.db.query(`DELETE FROM backups.backup_runs WHERE pruned_at IS NOT NULL AND cloud_status IN ('local_only', 'failed')`);
  }

  async forget(id: string): Promise<void> {
    await this.db.query(`DELETE FROM backups.backup_runs WHERE id = $1`, [id]);
  }

  /** Failed runs older than every kept backup say nothing useful any more. */
  async forgetFailedBefore(before: Date): Promise<void> {
    await this.db.query(`DELETE FROM backups.backup_runs WHERE status = 'failed' AND created_at < $1`, [before]);
  }

  /** Kept backups whose cloud copy is missing: queued again after each backup. */
  async awaitingCloudCopy(): Promise<BackupRun[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM backups.backup_runs WHERE status = 'success' AND pruned_at IS NULL AND cloud_status IN ('pending', 'failed', 'local_only')`,
    );
    return rows.map(toRun);
  }

  async setCloudStatus(id: string, status: CloudCopyStatus, error: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE backups.backup_runs SET cloud_status = $2, cloud_error = $3, cloud_attempts = cloud_attempts + CASE WHEN $2 = 'pending' THEN 1 ELSE 0 END WHERE id = $1`,
      [id, status, error?.slice(0, 2000) ?? null],
    );
  }

  /** Records a finished upload unless the backup was pruned meanwhile (then the caller deletes the copy). */
  async markUploaded(id: string, cloudPath: string, at: Date): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(
      `UPDATE backups.backup_runs SET cloud_status = 'uploaded', cloud_path = $2, cloud_error = NULL, uploaded_at = $3 WHERE id = $1 AND pruned_at IS NULL RETURNING id`,
      [id, cloudPath, at],
    );
    return rows.length > 0;
  }

  async markCloudDeleted(id: string): Promise<void> {
    await this.db.query(`UPDATE backups.backup_runs SET cloud_status = 'local_only', cloud_path = NULL WHERE id = $1`, [id]);
  }
}
