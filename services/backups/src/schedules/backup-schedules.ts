import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { BackupJobNames, QueueNames, type ScheduledBackupJob } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, upsertSchedule } from '@bleedkits/platform';
import { BACKUPS_ENV, type BackupsEnv } from '../config/env';

export const BACKUP_SCHEDULER_IDS = { full: 'backups-full', incremental: 'backups-incremental' } as const;

/**
 * The spec's schedule as BullMQ job schedulers (Europe/London): each tick becomes one job however many replicas
 * upsert the same scheduler. BACKUP_SCHEDULE_ENABLED=false removes them.
 */
@Injectable()
export class BackupSchedules implements OnApplicationBootstrap {
  private readonly logger = new Logger(BackupSchedules.name);

  constructor(
    @Inject(BACKUPS_ENV) private readonly env: BackupsEnv,
    @InjectTypedQueue(QueueNames.backups) private readonly queue: TypedQueue<typeof QueueNames.backups>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.BACKUP_SCHEDULE_ENABLED) {
      for (const id of Object.values(BACKUP_SCHEDULER_IDS)) await this.queue.removeJobScheduler(id);
      this.logger.warn('BACKUP_SCHEDULE_ENABLED=false: no scheduled backups');
      return;
    }
    const full: ScheduledBackupJob = { kind: 'full' };
    const incremental: ScheduledBackupJob = { kind: 'incremental' };
    await upsertSchedule(this.queue, BACKUP_SCHEDULER_IDS.full, this.env.BACKUP_FULL_CRON, { name: BackupJobNames.scheduledFull, data: full });
    await upsertSchedule(this.queue, BACKUP_SCHEDULER_IDS.incremental, this.env.BACKUP_INCREMENTAL_CRON, {
      name: BackupJobNames.scheduledIncremental,
      data: incremental,
    });
  }
}
