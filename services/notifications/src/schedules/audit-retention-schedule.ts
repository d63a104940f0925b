import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, scheduleAuditRetention } from '@bleedkits/platform';

/** Once a day, across every replica once: audit entries older than AUDIT_RETENTION_DAYS go. */
@Injectable()
export class NotificationsAuditRetentionSchedule implements OnApplicationBootstrap {
  constructor(
    @InjectTypedQueue(QueueNames.notificationsAuditRetention) private readonly queue: TypedQueue<typeof QueueNames.notificationsAuditRetention>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleAuditRetention(this.queue, 'notifications');
  }
}
