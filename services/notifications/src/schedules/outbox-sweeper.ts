import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { type EmailDeliveryJob, EmailDeliveryJobNames, QueueNames } from '@bleedkits/contracts';
import { upsertSchedule } from '@bleedkits/platform';
import { OutboxRepository } from '../database/outbox.repository';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';
import { deliveryJobOptions } from '../jobs/delivery-retry';

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
    @InjectQueue(QueueNames.emailDelivery) private readonly queue: Queue<EmailDeliveryJob>,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await upsertSchedule(this.queue, OUTBOX_SWEEP_SCHEDULER, this.env.OUTBOX_SWEEP_CRON, { name: EmailDeliveryJobNames.sweep, data: {} });
    await this.sweep().catch((e: unknown) => this.logger.warn({ err: (e as Error).message }, 'outbox sweep at start failed'));
  }

  /** Answers how many rows were enqueued again. */
  async sweep(olderThanSeconds = this.env.OUTBOX_SWEEP_AFTER_SECONDS): Promise<{ requeued: number }> {
    let requeued = 0;
    for (const outboxId of await this.outbox.stale(olderThanSeconds)) {
      const job = await this.queue.getJob(outboxId);
      if (job) {
        const state = await job.getState();
        // A job that ended (e.g. failed after its process died twice mid-send) while the row still waits is replaced.
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
        await job.remove();
      }
      await this.queue.add(EmailDeliveryJobNames.deliver, { outboxId }, deliveryJobOptions(outboxId, this.retryPolicy()));
      requeued++;
    }
    if (requeued) this.logger.log({ requeued }, 'outbox sweep enqueued messages that had lost their job');
    return { requeued };
  }

  retryPolicy() {
    return { attempts: this.env.EMAIL_MAX_ATTEMPTS, baseDelayMs: this.env.EMAIL_RETRY_BASE_DELAY_MS, maxDelayMs: this.env.EMAIL_RETRY_MAX_DELAY_MS };
  }
}
