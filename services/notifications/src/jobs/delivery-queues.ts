import { Inject, Injectable } from '@nestjs/common';
import { EmailDeliveryJobNames, QueueNames, emailLaneOf } from '@bleedkits/contracts';
import { InjectTypedQueue, type QueueJob, type TypedQueue } from '@bleedkits/platform';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';
import { deliveryJobOptions } from './delivery-retry';

/**
 * The two delivery lanes: transactional mail (QueueNames.emailDelivery) and bulk mail (QueueNames.emailBulk, rate
 * limited). A message's lane follows from its template, so the send path and the sweep always agree on it.
 */
@Injectable()
export class DeliveryQueues {
  constructor(
    @InjectTypedQueue(QueueNames.emailDelivery) private readonly transactional: TypedQueue<typeof QueueNames.emailDelivery>,
    @InjectTypedQueue(QueueNames.emailBulk) private readonly bulk: TypedQueue<typeof QueueNames.emailBulk>,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  /** Job id = outbox id: BullMQ keeps one job per id, so enqueueing twice makes one delivery. */
  async enqueue(outboxId: string, templateId: string): Promise<void> {
    const opts = deliveryJobOptions(outboxId, this.retryPolicy());
    if (emailLaneOf(templateId) === 'bulk') await this.bulk.add(EmailDeliveryJobNames.deliver, { outboxId }, opts);
    else await this.transactional.add(EmailDeliveryJobNames.deliver, { outboxId }, opts);
  }

  /** The message's job, in its lane's queue. */
  getJob(
    outboxId: string,
    templateId: string,
  ): Promise<QueueJob<typeof QueueNames.emailDelivery> | QueueJob<typeof QueueNames.emailBulk> | undefined> {
    return emailLaneOf(templateId) === 'bulk' ? this.bulk.getJob(outboxId) : this.transactional.getJob(outboxId);
  }

  retryPolicy() {
    return { attempts: this.env.EMAIL_MAX_ATTEMPTS, baseDelayMs: this.env.EMAIL_RETRY_BASE_DELAY_MS, maxDelayMs: this.env.EMAIL_RETRY_MAX_DELAY_MS };
  }
}
