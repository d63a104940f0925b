import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { IdentityPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/** Runs the retention at each tick of its scheduler (a delete by age: idempotent). */
@Processor(QueueNames.identityAuditRetention, { concurrency: 1 })
export class IdentityAuditRetentionWorker extends QueueWorker<typeof QueueNames.identityAuditRetention> {
  constructor(private readonly purge: IdentityPurgeAuditEntriesHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.identityAuditRetention>): Promise<unknown> {
    return this.purge.execute();
  }
}
