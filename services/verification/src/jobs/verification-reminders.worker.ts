import { createHash } from 'node:crypto';
import { Processor } from '@nestjs/bullmq';
import { QueueNames, restockIdempotencyKey } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { reminderWorkerOptions } from '../config/env';
import { AdminDigestHandler } from '../commands/admin-digest/admin-digest.handler';
import { ReminderRunHandler } from '../commands/run-reminders/reminder-run.handler';
import { RestockNoticeHandler } from '../commands/restock-notice/restock-notice.handler';

/**
 * The verification queue: reminder runs (a scheduler tick or an admin's request), digests (one job per scheduler
 * tick, whatever the replicas; the job id names the tick) and restock notices. Each side effect is keyed, so a
 * retried job sends nothing twice.
 */
@Processor(QueueNames.verificationReminders, reminderWorkerOptions())
export class VerificationRemindersWorker extends QueueWorker<typeof QueueNames.verificationReminders> {
  constructor(
    private readonly run: ReminderRunHandler,
    private readonly digest: AdminDigestHandler,
    private readonly restock: RestockNoticeHandler,
  ) {
    super();
  }

  async handle(job: QueueJob<typeof QueueNames.verificationReminders>): Promise<unknown> {
    const data = job.data;
    switch (data.kind) {
      case 'reminder-run':
        return this.run.execute({
          runId: data.runId ?? runIdOfJob(String(job.id)),
          runKey: data.runId ? undefined : `job:${job.id}`,
          requestedBy: data.requestedBy,
          lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        });
      case 'admin-digest':
        return this.digest.execute(`job:${job.id}`);
      case 'restock-notice':
        return this.restock.execute({
          kitId: data.kitId,
          deployedAt: data.deployedAt,
          idempotencyKey: restockIdempotencyKey(data.kitId, data.deployedAt),
        });
    }
  }
}

/** A scheduler tick's run id: a UUID derived from its job id, the same for every attempt of that tick. */
export function runIdOfJob(jobId: string): string {
  const h = createHash('sha256').update(`reminder-run:${jobId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
