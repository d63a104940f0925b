import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueNames, type VerificationReminderJob, restockIdempotencyKey } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { AdminDigestHandler } from '../commands/admin-digest/admin-digest.handler';
import { ReminderRunHandler } from '../commands/run-reminders/reminder-run.handler';
import { RestockNoticeHandler } from '../commands/restock-notice/restock-notice.handler';

/**
 * The verification queue: scheduled reminder runs and digests (one job per scheduler tick, whatever the replicas;
 * the job id names the tick) and restock notices. Each side effect is keyed, so a retried job sends nothing twice.
 */
@Processor(QueueNames.verificationReminders)
export class VerificationRemindersWorker extends QueueWorker<VerificationReminderJob> {
  constructor(
    private readonly run: ReminderRunHandler,
    private readonly digest: AdminDigestHandler,
    private readonly restock: RestockNoticeHandler,
  ) {
    super();
  }

  async handle(job: Job<VerificationReminderJob>): Promise<unknown> {
    const data = job.data;
    switch (data.kind) {
      case 'reminder-run':
        return this.run.execute(`job:${job.id}`);
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
