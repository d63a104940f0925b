import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BackupJobNames, type BackupRecord, type CloudCopyJob, QueueNames } from '@bleedkits/contracts';
import { Clock, InjectTypedQueue, type TypedQueue, connectPgClient } from '@bleedkits/platform';
import type { BackupKind } from '../../domain/backup-manifest';
import { PARTIAL_SUFFIX, writeBackup } from '../../engine/backup-writer';
import { BACKUP_FILE_SUFFIX } from '../../engine/restore';
import { type BackupRun, BackupRunRepository, toRecord } from '../../database/backup-run.repository';
import { BackupContext } from '../../backup-context';
import { DropboxAccess } from '../../dropbox-access';
import { ApplyRetentionHandler } from '../apply-retention/apply-retention.handler';

export type RunBackupCommand = {
  /** The schedule tick or manual request this run belongs to: the idempotency key. */
  runKey: string;
  requested: BackupKind;
  automatic: boolean;
};

/** Only one backup at a time across every replica: the chain (which backup an incremental builds on) depends on it. */
const BACKUP_LOCK = 'bleedkits:backups:run';

export function backupFileName(createdAt: Date, kind: BackupKind, id: string): string {
  const stamp = createdAt
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return `bleedkits-${stamp}-${kind}-${id.slice(0, 8)}${BACKUP_FILE_SUFFIX}`;
}

/**
 * Makes the backup of one tick (or one Backup Now): finds or creates its row by run key, so a job that BullMQ runs
 * again after a crash or a retry finishes the same backup instead of making a second; writes the encrypted file;
 * records it; applies retention; queues the cloud copies still missing.
 */
@Injectable()
export class RunBackupHandler {
  private readonly logger = new Logger(RunBackupHandler.name);

  constructor(
    private readonly runs: BackupRunRepository,
    private readonly context: BackupContext,
    private readonly retention: ApplyRetentionHandler,
    private readonly clock: Clock,
    private readonly dropbox: DropboxAccess,
    @InjectTypedQueue(QueueNames.backups) private readonly queue: TypedQueue<typeof QueueNames.backups>,
  ) {}

  async execute(command: RunBackupCommand): Promise<BackupRecord> {
    const created = await this.runs.findOrCreate({
      id: randomUUID(),
      runKey: command.runKey,
      createdAt: this.clock.now(),
      isFull: command.requested === 'full',
      isAutomatic: command.automatic,
    });
    if (created.status === 'success') return toRecord(created);

    const lock = await connectPgClient(
      { connectionString: this.context.env.DATABASE_URL, application_name: 'bleedkits-backups-lock' },
      'backup lock',
    );
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [BACKUP_LOCK]);
      // Another worker may have finished this very run while this one waited for the lock.
      const run = (await this.runs.findById(created.id))!;
      if (run.status === 'success') return toRecord(run);
      return await this.backup(run, command);
    } finally {
      await lock.end().catch(() => undefined);
    }
  }

  private async backup(run: BackupRun, command: RunBackupCommand): Promise<BackupRecord> {
    const started = performance.now();
    const createdAt = new Date(run.createdAt);
    const directory = this.context.env.BACKUP_DIR;
    await this.runs.markRunning(run.id);
    try {
      // A run killed half way may have left its file (renamed but unrecorded) or its unfinished .partial, of either
      // kind (a schema change since makes a retried incremental a full); it is made again from scratch. Inside the
      // try: a folder that cannot be cleaned fails the run with the reason instead of leaving it in progress.
      for (const kind of ['full', 'incremental'] as const) {
        const file = path.join(directory, backupFileName(createdAt, kind, run.id));
        await Promise.all([rm(file, { force: true }), rm(`${file}${PARTIAL_SUFFIX}`, { force: true })]);
      }
      const [keys, tools] = await Promise.all([this.context.keyRing(), this.context.pgTools()]);
      const last = command.requested === 'incremental' ? await this.runs.lastSuccessful() : null;
      const written = await writeBackup({
        databaseUrl: this.context.env.DATABASE_URL,
        tools,
        key: keys.current,
        directory,
        backupId: run.id,
        createdAt,
        requested: command.requested,
        parent:
          last && last.fileName && last.tableChecksums && last.schemaFingerprint
            ? {
                id: last.id,
                fileName: last.fileName,
                fullBackupId: last.fullBackupId ?? last.id,
                tables: last.tableChecksums,
                schemaFingerprint: last.schemaFingerprint,
              }
            : null,
        fileNameFor: (kind) => backupFileName(createdAt, kind, run.id),
        chunkBytes: this.context.env.BACKUP_CHUNK_BYTES,
      });
      const copied = await this.dropbox.exists();
      await this.runs.markSucceeded(run.id, {
        isFull: written.manifest.kind === 'full',
        sizeBytes: written.sizeBytes,
        durationMs: Math.round(performance.now() - started),
        fileName: written.manifest.fileName,
        fullBackupId: written.manifest.fullBackupId,
        parentBackupId: written.manifest.parentBackupId,
        tables: written.manifest.tables,
        schemaFingerprint: written.manifest.schemaFingerprint,
        cloudStatus: copied ? 'pending' : 'local_only',
        finishedAt: this.clock.now(),
      });
    } catch (error) {
      const message = (error as Error).message;
      this.logger.error(`backup ${run.id} (${command.runKey}) failed: ${message}`);
      await this.runs.markFailed(run.id, `Backup failed: ${message}`, Math.round(performance.now() - started), this.clock.now());
      throw error;
    }
    await this.afterBackup();
    return toRecord((await this.runs.findById(run.id))!);
  }

  /** Retention and cloud copies never fail the backup itself: each is retried after the next one. */
  private async afterBackup(): Promise<void> {
    try {
      await this.retention.execute();
    } catch (error) {
      this.logger.error(`retention failed: ${(error as Error).message}`);
    }
    try {
      if (!(await this.dropbox.exists())) return;
      for (const run of await this.runs.awaitingCloudCopy()) await this.queueCloudCopy(run.id);
    } catch (error) {
      this.logger.error(`queueing cloud copies failed: ${(error as Error).message}`);
    }
  }

  /** One live upload job per backup; a finished or exhausted one is replaced so the copy is tried again. */
  async queueCloudCopy(backupId: string): Promise<void> {
    const jobId = `cloud-copy-${backupId}`;
    const existing = await this.queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return;
      await existing.remove();
    }
    const data: CloudCopyJob = { backupId };
    await this.queue.add(BackupJobNames.cloudCopy, data, { jobId });
  }
}
