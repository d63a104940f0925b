import { Inject, Injectable } from '@nestjs/common';
import {
  ContactMessages,
  EmailTemplateIds,
  ErrorCode,
  IdentitySubjects,
  type MessageResponse,
  type SubmitContactMessageCommand,
  builtInTemplateValues,
  contactRules,
  errorMessages,
  validateAgainst,
} from '@bleedkits/contracts';
import { NatsBus, ServiceError } from '@bleedkits/platform';
import { isDeliverableAddress } from '../../domain/email-address';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from '../../config/env';
import { SendEmailHandler } from '../send-email/send-email.handler';

/** The form's rules, and an address the outbox can send the confirmation to (one plain address). */
const CONTACT_RULES = { ...contactRules, email: [...contactRules.email, { message: ContactMessages.email, test: isDeliverableAddress }] };

/**
 * A visitor's contact message: `contact_admin_notification` to CONTACT_INBOX_EMAIL (or, unset, to every admin),
 * with Reply-To the visitor, and `contact_user_confirmation` to the visitor. Both are keyed by the request id, so
 * a repeated request never sends twice.
 */
@Injectable()
export class SubmitContactMessageHandler {
  constructor(
    private readonly send: SendEmailHandler,
    private readonly bus: NatsBus,
    @Inject(NOTIFICATIONS_ENV) private readonly env: NotificationsEnv,
  ) {}

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

    const inbox = await this.inbox();
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
      variables: { subject: req.subject, message: req.message, year },
    });
    return { message: ContactMessages.sent };
  }

  /** Who reads contact messages: the configured inbox, else every admin (asked of identity). */
  private async inbox(): Promise<string[]> {
    const configured = this.env.CONTACT_INBOX_EMAIL.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const addresses = configured.length
      ? configured
      : (await this.bus.request(IdentitySubjects.adminEmails, {}, this.env.IDENTITY_REQUEST_TIMEOUT_MS)).emails;
    const deliverable = [...new Set(addresses.filter((a) => isDeliverableAddress(a)))];
    if (deliverable.length === 0) {
      throw new ServiceError({
        code: ErrorCode.NotConfigured,
        message: 'Contact messages have no recipient: set CONTACT_INBOX_EMAIL or create an admin account',
      });
    }
    return deliverable;
  }
}
