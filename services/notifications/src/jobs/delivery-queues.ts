import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { type EmailDeliveryJob, EmailDeliveryJobNames, type EmailLane, QueueNames, emailLaneOf } from '@bleedkits/contracts';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';
import { deliveryJobOptions } from './delivery-retry';

/**
 * The two delivery lanes: transactional mail (QueueNames.emailDelivery) and bulk mail (QueueNames.emailBulk, rate
 * limited). A message's lane follows from its template, so the send path and the sweep always agree on it.
 */
@Injectable()
export class DeliveryQueues {
  constructor(
    @InjectQueue(QueueNames.emailDelivery) private readonly transactional: Queue<EmailDeliveryJob>,
    @InjectQueue(QueueNames.emailBulk) private readonly bulk: Queue<EmailDeliveryJob>,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  queueOf(lane: EmailLane): Queue<EmailDeliveryJob> {
    return lane === 'bulk' ? this.bulk : this.transactional;
  }

  /** Job id = outbox id: BullMQ keeps one job per id, so enqueueing twice makes one delivery. */
  async enqueue(outboxId: string, templateId: string): Promise<void> {
    await this.queueOf(emailLaneOf(templateId)).add(EmailDeliveryJobNames.deliver, { outboxId }, deliveryJobOptions(outboxId, this.retryPolicy()));
  }

  getJob(outboxId: string, templateId: string): Promise<Job<EmailDeliveryJob> | undefined> {
    return this.queueOf(emailLaneOf(templateId)).getJob(outboxId);
  }

  retryPolicy() {
    return { attempts: this.env.EMAIL_MAX_ATTEMPTS, baseDelayMs: this.env.EMAIL_RETRY_BASE_DELAY_MS, maxDelayMs: this.env.EMAIL_RETRY_MAX_DELAY_MS };
  }
}
