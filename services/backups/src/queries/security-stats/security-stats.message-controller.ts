import { InjectQueue } from '@nestjs/bullmq';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { Queue } from 'bullmq';
import { type BackupSecurityStats, BackupsSubjects, QueueNames } from '@bleedkits/contracts';
import { BackupRunRepository } from '../../database/backup-run.repository';
import { BackupContext } from '../../backup-context';
import { DropboxAccess } from '../../dropbox-access';
import { BACKUP_SCHEDULER_IDS } from '../../schedules/backup-schedules';

/** backupStats from the history; securityStatus from what is really in force (key, Dropbox connection, schedulers in Redis). */
@Controller()
export class SecurityStatsMessageController {
  constructor(
    private readonly runs: BackupRunRepository,
    private readonly context: BackupContext,
    private readonly dropbox: DropboxAccess,
    @InjectQueue(QueueNames.backups) private readonly queue: Queue,
  ) {}

  @MessagePattern(BackupsSubjects.securityStats)
  async handle(): Promise<BackupSecurityStats> {
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
