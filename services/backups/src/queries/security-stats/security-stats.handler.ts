import { Injectable } from '@nestjs/common';
import { type BackupSecurityStats, QueueNames } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { InjectTypedQueue, type TypedQueue, Handles } from '@bleedkits/platform';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { BackupContext } from '../../backup-context';
import { DropboxAccess } from '../../dropbox-access';
import { BACKUP_SCHEDULER_IDS } from '../../schedules/backup-schedules';

/** backupStats from the history; securityStatus from what is really in force (key, Dropbox connection, schedulers in Redis). */
@Injectable()
export class SecurityStatsHandler {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly context: BackupContext,
    private readonly dropbox: DropboxAccess,
    @InjectTypedQueue(QueueNames.backups) private readonly queue: TypedQueue<typeof QueueNames.backups>,
  ) {}

  @Handles(BackupsSubjects.securityStats)
  async execute(): Promise<BackupSecurityStats> {
    const [stats, encryption, cloudCopies, schedulers] = await Promise.all([
      this.runs.stats(),
      this.context.keyRing().then(
        () => true,
        () => false,
      ),
      this.dropbox.usable().catch(() => false),
      this.queue.getJobSchedulers().catch(() => []),
    ]);
    const ids = new Set(schedulers.map((s) => s.key));
    return {
      backupStats: { totalBackups: stats.total, latestBackupAt: stats.latestAt, latestBackupSize: stats.latestSize, failedBackups: stats.failed },
      securityStatus: {
        backupEncryptionEnabled: encryption,
        remoteBackupEnabled: cloudCopies,
        backupSchedulerActive: Object.values(BACKUP_SCHEDULER_IDS).every((id) => ids.has(id)),
      },
    };
  }
}
