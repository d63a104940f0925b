import type { Actor } from '../identity/actor';
import type { EmailTemplateId } from './email';

/** The spec's two template categories, plus ours for account and kit e-mails and for mail to admins (the status alert). */
export type EmailTemplateCategory = 'verification' | 'contact' | 'account' | 'kits' | 'admin';

export type EmailTemplateVariable = { name: string; description: string };

/** An e-mail template as the admin page shows and edits it (spec: id, name, description, subject, category, variables, htmlTemplate, textTemplate). */
export type EmailTemplate = {
  id: EmailTemplateId;
  name: string;
  description: string;
  subject: string;
  category: EmailTemplateCategory;
  variables: EmailTemplateVariable[];
  htmlTemplate: string;
  textTemplate: string;
  updatedAt: string;
};

/** GET /api/admin/email-templates */
export type EmailTemplateListResponse = { templates: EmailTemplate[] };

/** PUT /api/admin/email-templates/{id}: the three texts an admin edits. */
export type UpdateEmailTemplateRequest = { subject: string; htmlTemplate: string; textTemplate: string };
/** The same over NATS, with the template id and who saved it. */
export type UpdateEmailTemplateCommand = UpdateEmailTemplateRequest & { id: string; actor: Actor };
export type UpdateEmailTemplateResponse = { message: string; template: EmailTemplate };

/** POST /api/admin/send-test-email */
export type SendTestEmailRequest = { email: string; templateId: string; variables?: Record<string, string | readonly string[]> };
export type SendTestEmailResponse = { success: boolean; message: string; messageId?: string };

/** Size limits of a template's parts (a template is rendered for every message; an unbounded one is a mistake). */
export const EMAIL_TEMPLATE_LIMITS = { subject: 300, htmlTemplate: 100_000, textTemplate: 50_000, variableValue: 5_000, variables: 50 } as const;

/** The values of the spec's `year` and `date` variables when a sender does not give them. */
export function builtInTemplateValues(now: Date): { year: string; date: string } {
  return {
    year: String(now.getFullYear()),
    date: now.toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' }),
  };
}

export const EmailTemplateMessages = {
  notFound: 'Email template not found',
  subjectRequired: 'Subject is required',
  htmlRequired: 'HTML template is required',
  textRequired: 'Plain text template is required',
  subjectTooLong: `Subject must be at most ${EMAIL_TEMPLATE_LIMITS.subject} characters`,
  htmlTooLong: `HTML template must be at most ${EMAIL_TEMPLATE_LIMITS.htmlTemplate} characters`,
  textTooLong: `Plain text template must be at most ${EMAIL_TEMPLATE_LIMITS.textTemplate} characters`,
  updated: 'Template updated',
  testEmailRequired: 'Please enter an email address to send the test to.',
  testEmailInvalid: 'Please enter a valid email address',
  templateIdRequired: 'templateId is required',
  variablesInvalid: 'variables must be an object of text values',
} as const;
