import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { auditRetentionWorkerOptions } from '../config/env';
import { KitPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/** Runs the retention at each tick of its scheduler (a delete by age: idempotent). */
@Processor(QueueNames.kitsAuditRetention, auditRetentionWorkerOptions())
export class KitAuditRetentionWorker extends QueueWorker<typeof QueueNames.kitsAuditRetention> {
  constructor(private readonly purge: KitPurgeAuditEntriesHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.kitsAuditRetention>): Promise<unknown> {
    return this.purge.execute();
  }
}
