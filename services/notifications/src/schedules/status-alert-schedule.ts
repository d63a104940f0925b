import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { upsertSchedule } from '@bleedkits/platform';

export const STATUS_ALERT_SCHEDULER = 'notifications-status-alerts';
/** Every five minutes: an item that turns red reaches the admins within minutes, never long after. */
export const STATUS_ALERT_CRON = '*/5 * * * *';

@Injectable()
export class StatusAlertSchedule implements OnApplicationBootstrap {
  constructor(@InjectQueue(QueueNames.statusAlerts) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertSchedule(this.queue, STATUS_ALERT_SCHEDULER, STATUS_ALERT_CRON, { name: 'status-check', data: {} });
  }
}
