import { rule, type RuleTable } from './rules';

export const ContactMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  message: 'Message must be at least 10 characters',
  sent: 'Thank you for your message. We will respond as soon as possible.',
  failed: 'Failed to send message. Please try again later.',
} as const;

export const contactRules: RuleTable<'name' | 'email' | 'subject' | 'message'> = {
  name: [rule.minLength(2, ContactMessages.name)],
  email: [rule.email(ContactMessages.email)],
  subject: [rule.minLength(5, ContactMessages.subject)],
  message: [rule.minLength(10, ContactMessages.message)],
};

/** POST /api/contact: the body the contact form sends, and what a success answers. */
export type ContactMessageRequest = { name: string; email: string; subject: string; message: string };
export type ContactMessageResponse = { message: string };
