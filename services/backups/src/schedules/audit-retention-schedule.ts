import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, scheduleAuditRetention } from '@bleedkits/platform';

/** Once a day, across every replica once: audit entries older than AUDIT_RETENTION_DAYS go. */
@Injectable()
export class BackupsAuditRetentionSchedule implements OnApplicationBootstrap {
  constructor(@InjectTypedQueue(QueueNames.backupsAuditRetention) private readonly queue: TypedQueue<typeof QueueNames.backupsAuditRetention>) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleAuditRetention(this.queue, 'backups');
  }
}
