import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EmailTemplateMessages, type SendTestEmailRequest, type SendTestEmailResponse } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { isDeliverableAddress } from '../../domain/email-address';
import { variableProblems } from '../../domain/send-request';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { TemplateRepository } from '../../database/template.repository';
import { SendEmailHandler } from '../send-email/send-email.handler';
import { Handles } from '@bleedkits/platform';

/**
 * An admin's test e-mail: the stored template with the admin's sample values, through the outbox like any other
 * message (each click is a new e-mail). Variables the template does not declare are ignored here: the editor sends
 * whatever sample values it shows.
 */
@Injectable()
export class SendTestEmailHandler {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly send: SendEmailHandler,
  ) {}

  @Handles(NotificationsSubjects.sendTest)
  async execute(req: SendTestEmailRequest): Promise<SendTestEmailResponse> {
    const problems: string[] = [];
    if (!isDeliverableAddress(typeof req?.email === 'string' ? req.email.trim() : req?.email)) problems.push(EmailTemplateMessages.testEmailInvalid);
    if (typeof req?.templateId !== 'string' || !req.templateId) problems.push(EmailTemplateMessages.templateIdRequired);
    problems.push(...variableProblems(req?.variables));
    if (problems.length) throw NotificationsErrors.invalid(problems);
    const template = await this.templates.find(req.templateId);
    if (!template) throw NotificationsErrors.templateNotFound();
    const declared = new Set(template.variables.map((v) => v.name));
    const variables = Object.fromEntries(Object.entries(req.variables ?? {}).filter(([k]) => declared.has(k)));
    const to = req.email.trim();
    const res = await this.send.execute({ idempotencyKey: `test:${randomUUID()}`, templateId: template.id, to, variables });
    return { success: true, message: `Test email for ${template.name} queued for delivery to ${to}.`, messageId: res.messageId };
  }
}
