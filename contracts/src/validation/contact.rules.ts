import { asText, rule, type FieldRule, type RuleTable } from './rules';

export const ContactMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  message: 'Message must be at least 10 characters',
  sent: 'Thank you for your message. We will respond as soon as possible.',
  failed: 'Failed to send message. Please try again later.',
  nameTooLong: 'Name must be at most 100 characters',
  emailTooLong: 'Email address must be at most 254 characters',
  subjectTooLong: 'Subject must be at most 200 characters',
  messageTooLong: 'Message must be at most 5000 characters',
} as const;

/** Upper bounds: the message is e-mailed to the register's admins, so it stays a message, not a payload. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;
const atMost = (max: number, message: string): FieldRule => ({ message, test: (v) => asText(v).length <= max });

export const contactRules: RuleTable<'name' | 'email' | 'subject' | 'message'> = {
  name: [rule.minLength(2, ContactMessages.name), atMost(CONTACT_LIMITS.name, ContactMessages.nameTooLong)],
  email: [rule.email(ContactMessages.email), atMost(CONTACT_LIMITS.email, ContactMessages.emailTooLong)],
  subject: [rule.minLength(5, ContactMessages.subject), atMost(CONTACT_LIMITS.subject, ContactMessages.subjectTooLong)],
  message: [rule.minLength(10, ContactMessages.message), atMost(CONTACT_LIMITS.message, ContactMessages.messageTooLong)],
};

/** POST /api/contact: the body the contact form sends, and what a success answers. */
export type ContactMessageRequest = { name: string; email: string; subject: string; message: string };
export type ContactMessageResponse = { message: string };
