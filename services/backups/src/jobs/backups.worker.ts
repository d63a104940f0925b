import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { BackupJobNames, type CloudCopyJob, type ManualBackupJob, QueueNames, type ScheduledBackupJob } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { backupsWorkerOptions } from '../config/env';
import { RunBackupHandler } from '../commands/run-backup/run-backup.handler';
import { CopyToCloudHandler } from '../commands/copy-to-cloud/copy-to-cloud.handler';
import { manualRunKey } from '../commands/start-manual-backup/start-manual-backup.handler';

type BackupsJob = ScheduledBackupJob | ManualBackupJob | CloudCopyJob;

/**
 * The run key of a scheduled job: BullMQ names each scheduler's job `repeat:<scheduler>:<tick millis>`, the same
 * for every attempt of that tick, so a retried or re-run job finds the backup it already made.
 */
export function scheduledRunKey(job: Pick<Job, 'id' | 'name' | 'timestamp'>): string {
  const m = /^repeat:(.+):(\d+)$/.exec(job.id ?? '');
  return m ? `${m[1]}:${m[2]}` : `${job.name}:${job.id ?? job.timestamp}`;
}

@Processor(QueueNames.backups, backupsWorkerOptions())
export class BackupsWorker extends QueueWorker<BackupsJob> {
  constructor(
    private readonly backups: RunBackupHandler,
    private readonly cloudCopy: CopyToCloudHandler,
  ) {
    super();
  }

  async handle(job: Job<BackupsJob>): Promise<unknown> {
    switch (job.name) {
      case BackupJobNames.scheduledFull:
      case BackupJobNames.scheduledIncremental:
        return this.backups.execute({ runKey: scheduledRunKey(job), requested: (job.data as ScheduledBackupJob).kind, automatic: true });
      case BackupJobNames.manualFull:
        return this.backups.execute({ runKey: manualRunKey((job.data as ManualBackupJob).backupId), requested: 'full', automatic: false });
      case BackupJobNames.cloudCopy:
        return this.cloudCopy.execute((job.data as CloudCopyJob).backupId);
      default:
        throw new Error(`unknown backups job ${job.name}`);
    }
  }
}
