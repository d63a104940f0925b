import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { scheduleAuditRetention } from '@bleedkits/platform';

/** Once a day, across every replica once: audit entries older than AUDIT_RETENTION_DAYS go. */
@Injectable()
export class BackupsAuditRetentionSchedule implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueNames.backupsAuditRetention) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleAuditRetention(this.queue, 'backups');
  }
}
