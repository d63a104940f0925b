import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EmailVariables, type SendEmailRequest, type SendEmailResponse } from '@bleedkits/contracts';
import { renderTemplate, unknownVariables } from '../../domain/email-template';
import { sendRequestProblems } from '../../domain/send-request';
import { custodianSafeVariables, recipientLimitFor, stopLinksFor, withStopLink } from '../../domain/custodian-mail';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { OutboxRepository } from '../../database/outbox.repository';
import { TemplateRepository } from '../../database/template.repository';
import { OutboxBatchRepository } from '../../database/outbox-batch.repository';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';
import { DeliveryQueues } from '../../jobs/delivery-queues';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** A send request as the context's own use cases make it (contact messages also set a Reply-To). */
export type EnqueueEmail = SendEmailRequest & { replyTo?: string | null };

/**
 * Renders a template into the outbox and enqueues its delivery. The row is the source of truth: it is committed
 * first, and the job (id = outbox id) only points at it. If the enqueue fails or the process dies before it, the
 * outbox sweep enqueues the row later; a second request with the same idempotency key returns the stored message.
 */
@Injectable()
export class SendEmailHandler {
  private readonly logger = new Logger(SendEmailHandler.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly templates: TemplateRepository,
    private readonly batches: OutboxBatchRepository,
    private readonly queues: DeliveryQueues,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

  /** Any context's e-mail. A Reply-To is not part of the public contract (only contact messages set one): dropped here. */
  @Handles(NotificationsSubjects.send)
  send(req: SendEmailRequest): Promise<SendEmailResponse> {
    return this.execute({
      idempotencyKey: req?.idempotencyKey,
      templateId: req?.templateId,
      to: req?.to,
      variables: req?.variables,
      custodianKitIds: req?.custodianKitIds,
      batch: req?.batch,
    });
  }

  async execute(req: EnqueueEmail): Promise<SendEmailResponse> {
    const problems = sendRequestProblems(req ?? {});
    if (problems.length) throw NotificationsErrors.invalid(problems);
    const existing = await this.outbox.findByKey(req.idempotencyKey);
    if (existing) {
      if (req.batch) await this.batches.tag(existing.id, req.batch);
      return { messageId: existing.id, status: existing.status, created: false };
    }

    const template = await this.templates.find(req.templateId);
    if (!template) throw NotificationsErrors.templateNotFound();
    const variables: EmailVariables = req.variables ?? {};
    const unknown = unknownVariables(variables, template.variables);
    if (unknown.length) {
      throw NotificationsErrors.invalid([
        `Unknown variables for ${template.id}: ${unknown.join(', ')}. Its variables are: ${template.variables.map((v) => v.name).join(', ')}`,
      ]);
    }
    // A custodian e-mail: no link the owner typed, the stop link added here, blocks and the daily limit applied.
    const kitIds = req.custodianKitIds?.length ? req.custodianKitIds : undefined;
    const rendered = renderTemplate(template, kitIds ? custodianSafeVariables(variables, this.env.PUBLIC_BASE_URL) : variables);
    const links = kitIds ? stopLinksFor(this.env.PUBLIC_BASE_URL, this.env.CUSTODIAN_STOP_LINK_SECRET, req.to, kitIds) : null;
    const message = links ? withStopLink(rendered, links.page) : rendered;
    const limits = { custodianPerDay: this.env.CUSTODIAN_MAIL_MAX_PER_DAY, contactConfirmationsPerDay: this.env.CONTACT_CONFIRMATIONS_MAX_PER_DAY };
    const { row, created } = await this.outbox.insertOnce({
      idempotencyKey: req.idempotencyKey,
      templateId: template.id,
      to: req.to,
      replyTo: req.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      custodianKitIds: kitIds,
      listUnsubscribeUrl: links?.oneClick,
      limit: recipientLimitFor(template.id, kitIds, limits),
    });
    if (req.batch) await this.batches.tag(row.id, req.batch);
    if (created && row.status === 'queued') await this.enqueue(row.id, template.id);
    else if (created) this.logger.log({ outboxId: row.id, templateId: template.id, status: row.status }, 'e-mail recorded, not sent');
    return { messageId: row.id, status: row.status, created };
  }

  /** Never fails the request: the message is stored, and the sweep enqueues it if this does not. */
  private async enqueue(outboxId: string, templateId: string): Promise<void> {
    try {
      await this.queues.enqueue(outboxId, templateId);
    } catch (e) {
      this.logger.warn({ outboxId, err: (e as Error).message }, 'could not enqueue an outbox message; the sweep will');
    }
  }
}
