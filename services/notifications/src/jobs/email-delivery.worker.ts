import { Processor } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { EmailDeliveryJobNames, QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { DeliverEmailHandler } from '../commands/deliver-email/deliver-email.handler';
import { PermanentDeliveryError } from '../providers/mail-transport/mail-transport.port';
import { NOTIFICATIONS_ENV, type NotificationsEnv, mailJobLock } from '../config/env';
import { OutboxSweeper } from '../schedules/outbox-sweeper';
import { cappedBackoff } from './delivery-retry';

/**
 * The transactional lane (password resets, contact messages, test e-mails, restock requests, admin notices): one
 * outbox message per job (the job carries only its id), never rate limited and never behind bulk mail, with its
 * own concurrency (MAIL_TRANSACTIONAL_CONCURRENCY). It also runs the periodic outbox sweep of both lanes.
 */
@Processor(QueueNames.emailDelivery, { concurrency: 4, ...mailJobLock(), settings: { backoffStrategy: cappedBackoff } })
export class EmailDeliveryWorker extends QueueWorker<typeof QueueNames.emailDelivery> implements OnApplicationBootstrap {
  constructor(
    private readonly deliver: DeliverEmailHandler,
    private readonly sweeper: OutboxSweeper,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.env.MAIL_TRANSACTIONAL_CONCURRENCY;
  }

  async handle(job: QueueJob<typeof QueueNames.emailDelivery>): Promise<unknown> {
    if (job.name === EmailDeliveryJobNames.sweep) return this.sweeper.sweep();
    return deliverOne(this.deliver, job, 'transactional');
  }
}

/** One delivery attempt of a job of either lane; a permanent refusal ends the job without further retries. */
export async function deliverOne(
  deliver: DeliverEmailHandler,
  job: Pick<QueueJob<typeof QueueNames.emailBulk>, 'data' | 'attemptsMade' | 'opts'>,
  lane: 'transactional' | 'bulk',
): Promise<unknown> {
  try {
    return await deliver.execute({ outboxId: job.data.outboxId, lane, attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? 1 });
  } catch (e) {
    throw e instanceof PermanentDeliveryError ? new UnrecoverableError(e.message) : e;
  }
}
