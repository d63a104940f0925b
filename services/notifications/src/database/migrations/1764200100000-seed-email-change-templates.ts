import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type EmailTemplateSeed, deleteEmailTemplates, emailPage, insertEmailTemplates } from './email-template-seeds';

/**
 * The two e-mails of a change of sign-in address (issue 29): the confirmation link to the new address and the
 * notice to the old one. A snapshot, like the first seed: a later wording is a new migration.
 */

const SEEDS: EmailTemplateSeed[] = [
  {
    id: 'email_change_confirmation',
    name: 'Email Change Confirmation',
    description: 'Sent to the new address when a user asks to change their sign-in email. The change happens only when the link is opened.',
    category: 'account',
    variables: [
      ['firstName', 'First name of the user'],
      ['newEmail', 'The new sign-in address'],
      ['confirmUrl', 'The single-use link that makes the change'],
      ['expiresInHours', 'Hours until the link expires'],
      ['year', 'Current year'],
    ],
    subject: 'Confirm your new UK Bleed Kit Register email address',
    html: emailPage(
      'Confirm your new email address',
      `<p>Hello {{firstName}},</p>
<p>You asked to sign in to the UK Bleed Kit Register with <strong>{{newEmail}}</strong> from now on. Open this link to confirm the change. It works once and expires in {{expiresInHours}} hours:</p>
<p><a href="{{confirmUrl}}" style="display:inline-block;background:#b91c1c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;">Confirm my new email address</a></p>
<p>If you did not ask for this, ignore this email: nothing changes.</p>`,
    ),
    text: `Hello {{firstName}},

You asked to sign in to the UK Bleed Kit Register with {{newEmail}} from now on. Open this link to confirm the change. It works once and expires in {{expiresInHours}} hours:

{{confirmUrl}}

If you did not ask for this, ignore this email: nothing changes.

UK Bleed Kit Register, {{year}}`,
  },
  {
    id: 'email_change_notice',
    name: 'Email Change Notice',
    description: 'Sent to the current address when someone signed in to the account asks to change its sign-in email.',
    category: 'account',
    variables: [
      ['firstName', 'First name of the user'],
      ['newEmail', 'The new sign-in address asked for'],
      ['siteUrl', 'Address of the register'],
      ['year', 'Current year'],
    ],
    subject: 'Your UK Bleed Kit Register sign-in email is being changed',
    html: emailPage(
      'A change of your sign-in email was requested',
      `<p>Hello {{firstName}},</p>
<p>Someone signed in to your UK Bleed Kit Register account asked to change its sign-in email to <strong>{{newEmail}}</strong>. The change happens only when a link sent to that address is opened.</p>
<p>If this was you, there is nothing more to do here.</p>
<p>If it was not you, change your password now (on the sign-in page at {{siteUrl}}, use "Forgot password?"): that cancels the change and signs out every other session. Then contact us through the register's contact page.</p>`,
    ),
    text: `Hello {{firstName}},

Someone signed in to your UK Bleed Kit Register account asked to change its sign-in email to {{newEmail}}. The change happens only when a link sent to that address is opened.

If this was you, there is nothing more to do here.

If it was not you, change your password now (on the sign-in page at {{siteUrl}}, use "Forgot password?"): that cancels the change and signs out every other session. Then contact us through the register's contact page.

UK Bleed Kit Register, {{year}}`,
  },
];

export class SeedEmailChangeTemplates1764200100000 implements MigrationInterface {
  name = 'SeedEmailChangeTemplates1764200100000';

  async up(q: QueryRunner): Promise<void> {
    await insertEmailTemplates(q, SEEDS);
  }

  async down(q: QueryRunner): Promise<void> {
    await deleteEmailTemplates(q, SEEDS);
  }
}
