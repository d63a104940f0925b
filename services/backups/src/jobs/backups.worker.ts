import { Processor } from '@nestjs/bullmq';
import { BackupJobNames, QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { backupsWorkerOptions } from '../config/env';
import { RunBackupHandler } from '../commands/run-backup/run-backup.handler';
import { CopyToCloudHandler } from '../commands/copy-to-cloud/copy-to-cloud.handler';
import { manualRunKey } from '../commands/start-manual-backup/start-manual-backup.handler';

/**
 * The run key of a scheduled job: BullMQ names each scheduler's job `repeat:<scheduler>:<tick millis>`, the same
 * for every attempt of that tick, so a retried or re-run job finds the backup it already made.
 */
export function scheduledRunKey(job: Pick<QueueJob<typeof QueueNames.backups>, 'id' | 'name' | 'timestamp'>): string {
  const m = /^repeat:(.+):(\d+)$/.exec(job.id ?? '');
  return m ? `${m[1]}:${m[2]}` : `${job.name}:${job.id ?? job.timestamp}`;
}

@Processor(QueueNames.backups, backupsWorkerOptions())
export class BackupsWorker extends QueueWorker<typeof QueueNames.backups> {
  constructor(
    private readonly backups: RunBackupHandler,
    private readonly cloudCopy: CopyToCloudHandler,
  ) {
    super();
  }

  async handle(job: QueueJob<typeof QueueNames.backups>): Promise<unknown> {
    switch (job.name) {
      case BackupJobNames.scheduledFull:
      case BackupJobNames.scheduledIncremental:
        return this.backups.execute({ runKey: scheduledRunKey(job), requested: job.data.kind, automatic: true });
      case BackupJobNames.manualFull:
        return this.backups.execute({ runKey: manualRunKey(job.data.backupId), requested: 'full', automatic: false });
      case BackupJobNames.cloudCopy:
        return this.cloudCopy.execute(job.data.backupId);
      default:
        // Every declared job is handled above; one of another name (an older release's) still fails loudly.
        throw new Error(`unknown backups job ${(job as { name: string }).name}`);
    }
  }
}
