import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { NotificationsPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/** Runs the retention at each tick of its scheduler (a delete by age: idempotent). */
@Processor(QueueNames.notificationsAuditRetention, { concurrency: 1 })
export class NotificationsAuditRetentionWorker extends QueueWorker<typeof QueueNames.notificationsAuditRetention> {
  constructor(private readonly purge: NotificationsPurgeAuditEntriesHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.notificationsAuditRetention>): Promise<unknown> {
    return this.purge.execute();
  }
}
