import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two e-mails of a change of sign-in address (issue 29): the confirmation link to the new address and the
 * notice to the old one. A snapshot, like the first seed: a later wording is a new migration.
 */
const page = (heading: string, body: string) => `<!DOCTYPE html>
<html lang="en">
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="background:#b91c1c;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:18px;font-weight:bold;">UK Bleed Kit Register</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;">
<h1 style="font-size:20px;margin:0 0 16px;">${heading}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;">In an emergency call 999. This service is not for emergency use.<br>&copy; {{year}} UK Bleed Kit Register</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

const SEEDS = [
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
    html: page(
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
    html: page(
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
    for (const t of SEEDS) {
      await q.query(
        `INSERT INTO notifications.email_templates (id, name, description, category, variables, subject, html_template, text_template)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          t.id,
          t.name,
          t.description,
          t.category,
          JSON.stringify(t.variables.map(([name, description]) => ({ name, description }))),
          t.subject,
          t.html,
          t.text,
        ],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications.email_templates WHERE id = ANY($1)`, [SEEDS.map((t) => t.id)]);
  }
}
