import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { type EmailDeliveryJob, EmailDeliveryJobNames, QueueNames } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { messageIdFor } from '../domain/email-address';
import { OutboxRepository } from '../database/outbox.repository';
import { MailTransport, PermanentDeliveryError } from '../providers/mail-transport/mail-transport.port';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../config/env';
import { OutboxSweeper } from '../schedules/outbox-sweeper';
import { cappedBackoff } from './delivery-retry';

/**
 * Delivers one outbox message per job (the job carries only its id), and runs the periodic outbox sweep.
 * At least once: a message already sent is skipped; each attempt is counted on the row and the SMTP Message-ID is
 * derived from the outbox id, so a resend after a crash mid-send is recognisable as the same message.
 */
@Processor(QueueNames.emailDelivery, { concurrency: 4, settings: { backoffStrategy: cappedBackoff } })
export class EmailDeliveryWorker extends QueueWorker<EmailDeliveryJob> {
  private readonly logger = new Logger(EmailDeliveryWorker.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly sweeper: OutboxSweeper,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {
    super();
  }

  async handle(job: Job<EmailDeliveryJob>): Promise<unknown> {
    if (job.name === EmailDeliveryJobNames.sweep) return this.sweeper.sweep();
    const row = await this.outbox.beginAttempt(job.data.outboxId);
    if (!row) return { skipped: true }; // sent already, given up, or unknown
    try {
      await this.transport.send({
        messageId: messageIdFor(row.id, this.env.MAIL_FROM),
        from: this.env.MAIL_FROM,
        to: row.recipient,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        listUnsubscribeUrl: row.list_unsubscribe_url,
      });
    } catch (e) {
      const permanent = e instanceof PermanentDeliveryError;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const message = e instanceof Error ? e.message : String(e);
      await this.outbox.markAttemptFailed(row.id, message, final);
      this.logger.warn({ outboxId: row.id, attempt: row.attempts, final, err: message }, 'e-mail delivery attempt failed');
      throw permanent ? new UnrecoverableError(message) : e;
    }
    await this.outbox.markSent(row.id);
    return { sent: true, attempts: row.attempts };
  }
}
