import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { cleanEnv, num } from 'envalid';
import { QueueNames } from '@bleedkits/contracts';
import { QueueWorker, withoutEmpty } from '@bleedkits/platform';
import { KitPurgeAuditEntriesHandler } from '../commands/purge-audit-entries/purge-audit-entries.handler';

/**
 * Read when the worker is declared (a decorator's options are fixed at load). A process that dies mid-purge holds
 * its job for AUDIT_RETENTION_JOB_LOCK_MS (renewed every half of it while alive); then another replica, or the
 * restarted one, runs the purge again: a delete by age in one statement, it removes whatever the dead one left.
 */
export function auditRetentionWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    AUDIT_RETENTION_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running audit purge; a dead replica releases its job after this' }),
  });
  if (env.AUDIT_RETENTION_JOB_LOCK_MS < 1000) throw new Error('AUDIT_RETENTION_JOB_LOCK_MS must be at least 1000');
  return { concurrency: 1, lockDuration: env.AUDIT_RETENTION_JOB_LOCK_MS, stalledInterval: env.AUDIT_RETENTION_JOB_LOCK_MS };
}

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
