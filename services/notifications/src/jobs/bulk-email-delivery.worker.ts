import { Processor } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { DeliverEmailHandler } from '../commands/deliver-email/deliver-email.handler';
import { NOTIFICATIONS_ENV, type NotificationsEnv, mailJobLock } from '../config/env';
import { cappedBackoff } from './delivery-retry';
import { deliverOne } from './email-delivery.worker';

/**
 * The bulk lane (reminders, digests, the admins' weekly digest): BullMQ's rate limiter holds it to
 * MAIL_BULK_RATE_PER_SECOND across every replica, so a provider's sending limits are respected, with its own
 * concurrency (MAIL_BULK_CONCURRENCY). The limiter comes from the environment, so the worker is started here
 * (autorun off) once it is set, never before.
 */
@Processor(QueueNames.emailBulk, { autorun: false, concurrency: 1, ...mailJobLock(), settings: { backoffStrategy: cappedBackoff } })
export class BulkEmailDeliveryWorker extends QueueWorker<typeof QueueNames.emailBulk> implements OnApplicationBootstrap {
  private readonly logger = new Logger(BulkEmailDeliveryWorker.name);

  constructor(
    private readonly deliver: DeliverEmailHandler,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.opts.limiter = { max: this.env.MAIL_BULK_RATE_PER_SECOND, duration: 1000 };
    this.worker.concurrency = this.env.MAIL_BULK_CONCURRENCY;
    this.worker.run().catch((e: unknown) => this.logger.error({ err: (e as Error).message }, 'the bulk e-mail worker stopped'));
  }

  handle(job: QueueJob<typeof QueueNames.emailBulk>): Promise<unknown> {
    return deliverOne(this.deliver, job, 'bulk');
  }
}
