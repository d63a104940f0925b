import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, upsertSchedule } from '@bleedkits/platform';

export const STATUS_ALERT_SCHEDULER = 'notifications-status-alerts';
/** Every five minutes: an item that turns red reaches the admins within minutes, never long after. */
export const STATUS_ALERT_CRON = '*/5 * * * *';

@Injectable()
export class StatusAlertSchedule implements OnApplicationBootstrap {
  constructor(@InjectTypedQueue(QueueNames.statusAlerts) private readonly queue: TypedQueue<typeof QueueNames.statusAlerts>) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertSchedule(this.queue, STATUS_ALERT_SCHEDULER, STATUS_ALERT_CRON, { name: 'status-check', data: {} });
  }
}
