import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EmailLane } from '@bleedkits/contracts';
import { isDatabaseUnavailable } from '@bleedkits/platform';
import { messageIdFor } from '../../domain/email-address';
import { laneHeaders } from '../../domain/mail-headers';
import { OutboxRepository } from '../../database/outbox.repository';
import { MailTransport, PermanentDeliveryError } from '../../providers/mail-transport/mail-transport.port';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';

/** One attempt at one outbox message, in the lane it was queued in; `attempt` counts from 1. */
export type DeliverEmail = { outboxId: string; lane: EmailLane; attempt: number; maxAttempts: number };
export type DeliveryOutcome = { skipped: true } | { sent: true; attempts: number };

/**
 * How long a sent message's "sent" is tried while Postgres is away (bench:faults: a restart takes 2–4 s). Given up,
 * the job is retried and the message sent again: the at-least-once window this keeps to a process dying there.
 */
export const RECORD_SENT_PATIENCE_MS = 20_000;

/**
 * Delivers one outbox message. At least once: a message already sent (or given up) is skipped; each attempt is
 * counted on the row and the SMTP Message-ID is derived from the outbox id, so a resend after a crash mid-send is
 * recognisable as the same message. A failed attempt goes back to queued (the job is retried) or, on the last
 * attempt or a permanent refusal, to failed; the error is thrown again for the queue to see. Once the server has
 * accepted the message, recording it as sent waits out a database that is restarting rather than fail the job.
 */
@Injectable()
export class DeliverEmailHandler {
  private readonly logger = new Logger(DeliverEmailHandler.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly transport: MailTransport,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  /** The pause between tries to record a message as sent (a spec counts them instead of waiting). */
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms));

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
    await this.recordSent(row.id);
    return { sent: true, attempts: row.attempts };
  }

  /** The message has left: a moment's database outage must not make the retried job send it again. */
  private async recordSent(outboxId: string): Promise<void> {
    for (let waited = 0, pause = 250; ; waited += pause, pause = Math.min(pause * 2, 2000)) {
      try {
        return await this.outbox.markSent(outboxId);
      } catch (e) {
        if (!isDatabaseUnavailable(e) || waited >= RECORD_SENT_PATIENCE_MS) throw e;
        this.logger.warn({ outboxId, err: (e as Error).message }, 'sent, but the database is unavailable: recording it again shortly');
        await this.sleep(pause);
      }
    }
  }
}
