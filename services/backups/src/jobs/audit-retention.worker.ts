import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { BackupsPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/** Runs the retention at each tick of its scheduler (a delete by age: idempotent). */
@Processor(QueueNames.backupsAuditRetention, { concurrency: 1 })
export class BackupsAuditRetentionWorker extends QueueWorker<typeof QueueNames.backupsAuditRetention> {
  constructor(private readonly purge: BackupsPurgeAuditEntriesHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.backupsAuditRetention>): Promise<unknown> {
    return this.purge.execute();
  }
}
