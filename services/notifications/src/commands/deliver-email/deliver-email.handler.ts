import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EmailLane } from '@bleedkits/contracts';
import { messageIdFor } from '../../domain/email-address';
import { laneHeaders } from '../../domain/mail-headers';
import { OutboxRepository } from '../../database/outbox.repository';
import { MailTransport, PermanentDeliveryError } from '../../providers/mail-transport/mail-transport.port';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';

/** One attempt at one outbox message, in the lane it was queued in; `attempt` counts from 1. */
export type DeliverEmail = { outboxId: string; lane: EmailLane; attempt: number; maxAttempts: number };
export type DeliveryOutcome = { skipped: true } | { sent: true; attempts: number };

/**
 * Delivers one outbox message. At least once: a message already sent (or given up) is skipped; each attempt is
 * counted on the row and the SMTP Message-ID is derived from the outbox id, so a resend after a crash mid-send is
 * recognisable as the same message. A failed attempt goes back to queued (the job is retried) or, on the last
 * attempt or a permanent refusal, to failed; the error is thrown again for the queue to see.
 */
@Injectable()
export class DeliverEmailHandler {
  private readonly logger = new Logger(DeliverEmailHandler.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  async execute(cmd: DeliverEmail): Promise<DeliveryOutcome> {
    const row = await this.outbox.beginAttempt(cmd.outboxId);
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
        headers: laneHeaders(cmd.lane, this.env.MAIL_FROM),
      });
    } catch (e) {
      const final = e instanceof PermanentDeliveryError || cmd.attempt >= cmd.maxAttempts;
      const message = e instanceof Error ? e.message : String(e);
      await this.outbox.markAttemptFailed(row.id, message, final);
      this.logger.warn({ outboxId: row.id, lane: cmd.lane, attempt: row.attempts, final, err: message }, 'e-mail delivery attempt failed');
      throw e;
    }
    await this.outbox.markSent(row.id);
    return { sent: true, attempts: row.attempts };
  }
}
