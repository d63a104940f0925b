import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EmailDeliveryJobNames, QueueNames } from '@bleedkits/contracts';
import { InjectTypedQueue, type TypedQueue, upsertSchedule } from '@bleedkits/platform';
import { OutboxRepository } from '../database/outbox.repository';
import { OutboxBatchRepository } from '../database/outbox-batch.repository';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';
import { DeliveryQueues } from '../jobs/delivery-queues';

export const OUTBOX_SWEEP_SCHEDULER = 'notifications-outbox-sweep';

/**
 * The outbox row is the truth and the job only a pointer, so a row can lose its job: the process died between
 * the insert and the enqueue, or Redis lost the job. Once per tick (a BullMQ job scheduler: one run however many
 * replicas) and once at start, queued rows untouched for OUTBOX_SWEEP_AFTER_SECONDS are enqueued again under their
 * own id; BullMQ keeps one job per id, so a row that still has its job is not enqueued twice.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(OutboxSweeper.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly lanes: OutboxBatchRepository,
    private readonly queues: DeliveryQueues,
    @InjectTypedQueue(QueueNames.emailDelivery) private readonly queue: TypedQueue<typeof QueueNames.emailDelivery>,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertSchedule(this.queue, OUTBOX_SWEEP_SCHEDULER, this.env.OUTBOX_SWEEP_CRON, { name: EmailDeliveryJobNames.sweep, data: {} });
    await this.sweep().catch((e: unknown) => this.logger.warn({ err: (e as Error).message }, 'outbox sweep at start failed'));
  }

  /** Answers how many rows were enqueued again. */
  async sweep(olderThanSeconds = this.env.OUTBOX_SWEEP_AFTER_SECONDS): Promise<{ requeued: number }> {
    let requeued = 0;
    const stale = await this.outbox.stale(olderThanSeconds);
    const templates = await this.lanes.templatesOf(stale);
    for (const outboxId of stale) {
      const templateId = templates.get(outboxId) ?? '';
      // Each message waits in its lane's queue (bulk or transactional).
      const job = await this.queues.getJob(outboxId, templateId);
      if (job) {
        const state = await job.getState();
        // A job that ended (e.g. failed after its process died twice mid-send) while the row still waits is replaced.
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
        await job.remove();
      }
      await this.queues.enqueue(outboxId, templateId);
      requeued++;
    }
    if (requeued) this.logger.log({ requeued }, 'outbox sweep enqueued messages that had lost their job');
    return { requeued };
  }
}
