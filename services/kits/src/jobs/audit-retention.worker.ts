import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { auditRetentionWorkerOptions } from '../config/env';
import { KitPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/** Runs the retention at each tick of its scheduler (a delete by age: idempotent). */
@Processor(QueueNames.kitsAuditRetention, auditRetentionWorkerOptions())
export class KitAuditRetentionWorker extends QueueWorker {
  constructor(private readonly purge: KitPurgeAuditEntriesHandler) {
    super();
  }

  handle(_job: Job): Promise<unknown> {
    return this.purge.execute();
  }
}
