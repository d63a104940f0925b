import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { BackupJobNames, ErrorCode, type ManualBackupJob, QueueNames, type StartBackupResponse } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { BackupRunRepository, toRecord } from '../../database/backup-run.repository';
import { Clock } from '../../clock';

export const manualRunKey = (backupId: string) => `manual:${backupId}`;

/** Backup Now: the history row exists (in progress) before the answer; a worker makes the full backup. */
@Injectable()
export class StartManualBackupHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly clock: Clock,
    @InjectQueue(QueueNames.backups) private readonly queue: Queue,
  ) {}

  async execute(): Promise<StartBackupResponse> {
    const id = randomUUID();
    const run = await this.runs.findOrCreate({ id, runKey: manualRunKey(id), createdAt: this.clock.now(), isFull: true, isAutomatic: false });
    const data: ManualBackupJob = { backupId: id };
    try {
      await this.queue.add(BackupJobNames.manualFull, data, { jobId: `manual-${id}` });
    } catch (error) {
      await this.runs.markFailed(id, `Backup failed: the job queue is unavailable (${(error as Error).message})`, 0, this.clock.now());
      throw new ServiceError({ code: ErrorCode.ServiceUnavailable, message: 'The backup could not be queued. Please try again.' });
    }
    return { message: 'Backup started', backup: toRecord(run) };
  }
}
