import { Injectable } from '@nestjs/common';
import {
  ContactMessages,
  EmailTemplateIds,
  type MessageResponse,
  type SubmitContactMessageCommand,
  builtInTemplateValues,
  contactRules,
  errorMessages,
  validateAgainst,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { subjectForConfirmation } from '../../domain/contact-confirmation';
import { isDeliverableAddress } from '../../domain/email-address';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { SendEmailHandler } from '../send-email/send-email.handler';
import { AdminInbox } from '../admin-inbox';
import { Handles } from '@bleedkits/platform';

/** The form's rules, and an address the outbox can send the confirmation to (one plain address). */
const CONTACT_RULES = { ...contactRules, email: [...contactRules.email, { message: ContactMessages.email, test: isDeliverableAddress }] };

/**
 * A visitor's contact message: `contact_admin_notification` to CONTACT_INBOX_EMAIL (or, unset, to every admin),
 * with Reply-To the visitor, and `contact_user_confirmation` to the visitor. Both are keyed by the request id, so
 * a repeated request never sends twice. The confirmation goes to whatever address was typed, so it repeats only
 * the subject line, without links, and is limited per address per day (the outbox holds the rest).
 */
@Injectable()
export class SubmitContactMessageHandler {
  constructor(
    private readonly send: SendEmailHandler,
    private readonly inbox: AdminInbox,
  ) {}

  @Handles(NotificationsSubjects.contact)
  async execute(req: SubmitContactMessageCommand): Promise<MessageResponse> {
    const input = {
      name: req?.name,
      email: typeof req?.email === 'string' ? req.email.trim() : req?.email,
      subject: req?.subject,
      message: req?.message,
    };
    const problems = [...new Set(errorMessages(validateAgainst(CONTACT_RULES, input)))];
    if (typeof req?.requestId !== 'string' || !/^[A-Za-z0-9-]{8,100}$/.test(req.requestId)) problems.push('requestId is required');
    if (problems.length) throw NotificationsErrors.invalid(problems);

    const inbox = await this.inbox.addresses();
    const { date, year } = builtInTemplateValues(new Date());
    const email = input.email as string;
    for (const to of inbox) {
      await this.send.execute({
        idempotencyKey: `contact:${req.requestId}:admin:${to}`,
        templateId: EmailTemplateIds.contactAdminNotification,
        to,
        replyTo: email,
        variables: { name: req.name, email, subject: req.subject, message: req.message, date, year },
      });
    }
    await this.send.execute({
      idempotencyKey: `contact:${req.requestId}:confirmation`,
      templateId: EmailTemplateIds.contactUserConfirmation,
      to: email,
      variables: { subject: subjectForConfirmation(req.subject), year },
    });
    return { message: ContactMessages.sent };
  }
}
