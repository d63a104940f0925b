import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  EmailTemplateIds,
  type VerificationTestEmailPreview,
  type VerificationTestEmailRequest,
  type VerificationTestEmailSent,
  addCalendarDays,
  londonToday,
  testEmailRules,
} from '@bleedkits/contracts';
import { VerificationSubjects } from '@bleedkits/contracts/wire';
import { Clock, RemoteCallError, ServiceError, Handles } from '@bleedkits/platform';
import { gbDate } from '../../domain/projected-kit';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';

const PREVIEW_CHARACTERS = 600;
export const TEST_EMAIL_NOTE = 'This is a preview only: no e-mail has been sent. Confirm to send a real test e-mail through the outbox.';

/**
 * The Verification page's test e-mail: first a preview of the reminder (rendered by notifications from the stored
 * template, with sample kit details), then, on the admin's confirmation, a real send through the outbox.
 */
@Injectable()
export class TestEmailHandler {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly clock: Clock,
  ) {}

  @Handles(VerificationSubjects.testEmail)
  async execute(req: VerificationTestEmailRequest): Promise<VerificationTestEmailPreview | VerificationTestEmailSent> {
    const input = { email: typeof req?.email === 'string' ? req.email.trim() : req?.email };
    const errors = testEmailRules.email.filter((r) => !r.test(input.email, input)).map((r) => r.message);
    if (errors.length) throw ServiceError.validation(errors);
    const to = input.email as string;
    const variables = this.sampleVariables();
    if (req.sendReal !== true) {
      const preview = await this.outbox.preview(EmailTemplateIds.verificationReminder, variables);
      const text = preview.text.replace(/\s+\n/g, '\n').trim();
      return {
        to,
        subject: preview.subject,
        contentPreview: text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS)}…` : text,
        note: TEST_EMAIL_NOTE,
      };
    }
    try {
      // A test is an intended e-mail each time the admin confirms one: its key is new each time.
      const res = await this.outbox.send({
        idempotencyKey: `verification_test:${randomUUID()}`,
        templateId: EmailTemplateIds.verificationReminder,
        to,
        variables,
      });
      return { emailSent: true, message: `Test verification email sent to ${to} (outbox message ${res.messageId}).` };
    } catch (e) {
      if (e instanceof RemoteCallError) return { emailSent: false, message: e.body.message };
      throw e;
    }
  }

  private sampleVariables() {
    const now = this.clock.now();
    const today = londonToday(now);
    return {
      custodianName: 'Sample Custodian',
      serialNumber: 'BK-TEST-0001',
      locationName: 'Sample Village Hall',
      addressLine1: '1 Sample Street',
      city: 'Sampleton',
      postcode: 'SA1 1AA',
      lastVerifiedDate: gbDate(addCalendarDays(today, -170)),
      dueDate: gbDate(addCalendarDays(today, 13)),
      year: now.getFullYear(),
    };
  }
}
