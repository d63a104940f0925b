import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type EmailTemplateSeed, deleteEmailTemplates, emailPage, insertEmailTemplates } from './email-template-seeds';

/**
 * The register's e-mail templates as first shipped: the spec's four (verification_reminder, verification_overdue,
 * contact_admin_notification, contact_user_confirmation) with their categories, descriptions and variables, and
 * ours (password_reset, kit_deployed_restock, verification_admin_digest). Admins edit them afterwards; this
 * migration is a snapshot and must never change (a later wording is a new migration that updates rows an admin has
 * not edited).
 */

const kitTable = `<table role="presentation" cellpadding="4" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">
<tr><td style="color:#6b7280;">Serial number</td><td><strong>{{serialNumber}}</strong></td></tr>
<tr><td style="color:#6b7280;">Location</td><td>{{locationName}}</td></tr>
<tr><td style="color:#6b7280;">Address</td><td>{{addressLine1}}, {{city}} {{postcode}}</td></tr>
</table>`;

const kitText = `Serial number: {{serialNumber}}
Location: {{locationName}}
Address: {{addressLine1}}, {{city}} {{postcode}}`;

const kitVariables: [string, string][] = [
  ['custodianName', 'Name of the kit custodian'],
  ['serialNumber', 'Serial number of the kit'],
  ['locationName', 'Name of the kit location'],
  ['addressLine1', 'First line of the address'],
  ['city', 'Town or city'],
  ['postcode', 'Postcode'],
];

const SEEDS: EmailTemplateSeed[] = [
  {
    id: 'verification_reminder',
    name: 'Verification Reminder',
    description: 'Sent to a kit custodian when the six-monthly verification of their kit is due soon.',
    category: 'verification',
    variables: [
      ...kitVariables,
      ['lastVerifiedDate', 'Date the kit was last verified'],
      ['dueDate', 'Date the next verification is due'],
      ['year', 'Current year'],
    ],
    subject: 'Bleed kit verification due: {{serialNumber}} at {{locationName}}',
    html: emailPage(
      'Your bleed kit is due for its check',
      `<p>Dear {{custodianName}},</p>
<p>Thank you for looking after a bleed kit on the UK Bleed Kit Register. Every kit is checked every six months so that the public and the ambulance service can rely on it. The check for this kit is due on <strong>{{dueDate}}</strong>.</p>
${kitTable}
<p>Last verified: {{lastVerifiedDate}}</p>
<p>Please check that the kit is in place, the seals are intact and nothing has passed its expiry date, then sign in to your dashboard and mark the kit as verified.</p>
<p>Thank you for helping to save lives.</p>`,
    ),
    text: `Dear {{custodianName}},

Thank you for looking after a bleed kit on the UK Bleed Kit Register. Every kit is checked every six months so that the public and the ambulance service can rely on it. The check for this kit is due on {{dueDate}}.

${kitText}
Last verified: {{lastVerifiedDate}}

Please check that the kit is in place, the seals are intact and nothing has passed its expiry date, then sign in to your dashboard and mark the kit as verified.

Thank you for helping to save lives.

UK Bleed Kit Register, {{year}}
In an emergency call 999.`,
  },
  {
    id: 'verification_overdue',
    name: 'Verification Overdue',
    description: "Sent to a kit custodian when their kit's six-monthly verification is overdue.",
    category: 'verification',
    variables: [
      ...kitVariables,
      ['lastVerifiedDate', 'Date the kit was last verified'],
      ['dueDate', 'Date the verification was due'],
      ['year', 'Current year'],
    ],
    subject: 'Action needed: bleed kit {{serialNumber}} is overdue for verification',
    html: emailPage(
      'Your bleed kit is overdue for its check',
      `<p>Dear {{custodianName}},</p>
<p>The six-monthly check of this bleed kit was due on <strong>{{dueDate}}</strong> and has not been recorded yet.</p>
${kitTable}
<p>Last verified: {{lastVerifiedDate}}</p>
<p>Until the kit is verified the public map may show it as <em>Needs Verification</em>. Please check the kit as soon as you can and mark it as verified on your dashboard. If the kit has been used, moved or removed, please update it there too.</p>
<p>Thank you for helping to save lives.</p>`,
    ),
    text: `Dear {{custodianName}},

The six-monthly check of this bleed kit was due on {{dueDate}} and has not been recorded yet.

${kitText}
Last verified: {{lastVerifiedDate}}

Until the kit is verified the public map may show it as Needs Verification. Please check the kit as soon as you can and mark it as verified on your dashboard. If the kit has been used, moved or removed, please update it there too.

Thank you for helping to save lives.

UK Bleed Kit Register, {{year}}
In an emergency call 999.`,
  },
  {
    id: 'contact_admin_notification',
    name: 'Contact Form - Admin Notification',
    description: 'Sent to the register administrators when someone sends a message through the contact form.',
    category: 'contact',
    variables: [
      ['name', 'Name of the person who sent the message'],
      ['email', 'Their email address'],
      ['subject', 'Subject of the message'],
      ['message', 'The message'],
      ['date', 'Date and time the message was sent'],
      ['year', 'Current year'],
    ],
    subject: 'New contact message: {{subject}}',
    html: emailPage(
      'New message from the contact form',
      `<table role="presentation" cellpadding="4" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">
<tr><td style="color:#6b7280;">From</td><td>{{name}} &lt;{{email}}&gt;</td></tr>
<tr><td style="color:#6b7280;">Subject</td><td>{{subject}}</td></tr>
<tr><td style="color:#6b7280;">Sent</td><td>{{date}}</td></tr>
</table>
<div style="white-space:pre-wrap;border-left:4px solid #e5e7eb;padding-left:12px;">{{message}}</div>
<p style="color:#6b7280;">Reply to this email to answer {{name}} directly.</p>`,
    ),
    text: `New message from the contact form

From: {{name}} <{{email}}>
Subject: {{subject}}
Sent: {{date}}

{{message}}

Reply to this email to answer {{name}} directly.`,
  },
  {
    id: 'contact_user_confirmation',
    name: 'Contact Form - User Confirmation',
    description: 'Sent to the person who used the contact form, confirming that their message was received.',
    category: 'contact',
    variables: [
      ['subject', 'Subject of their message'],
      ['message', 'Their message'],
      ['year', 'Current year'],
    ],
    subject: 'We received your message: {{subject}}',
    html: emailPage(
      'Thank you for your message',
      `<p>Thank you for contacting the UK Bleed Kit Register. We have received your message and will respond as soon as possible.</p>
<p style="color:#6b7280;">Your message:</p>
<p><strong>{{subject}}</strong></p>
<div style="white-space:pre-wrap;border-left:4px solid #e5e7eb;padding-left:12px;">{{message}}</div>
<p>If someone is seriously hurt, do not wait for our reply: call 999.</p>`,
    ),
    text: `Thank you for contacting the UK Bleed Kit Register. We have received your message and will respond as soon as possible.

Your message:
{{subject}}

{{message}}

If someone is seriously hurt, do not wait for our reply: call 999.

UK Bleed Kit Register, {{year}}`,
  },
  {
    id: 'password_reset',
    name: 'Password Reset',
    description: 'Sent when a user asks to reset their password, or an administrator resets it for them. The link works once.',
    category: 'account',
    variables: [
      ['firstName', 'First name of the user'],
      ['resetUrl', 'The single-use link that sets a new password'],
      ['expiresInMinutes', 'Minutes until the link expires'],
      ['year', 'Current year'],
    ],
    subject: 'Reset your UK Bleed Kit Register password',
    html: emailPage(
      'Reset your password',
      `<p>Hello {{firstName}},</p>
<p>We received a request to reset the password of your UK Bleed Kit Register account. Use the button below to choose a new password. The link works once and expires in {{expiresInMinutes}} minutes.</p>
<p style="margin:24px 0;"><a href="{{resetUrl}}" style="background:#b91c1c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;">Reset password</a></p>
<p style="font-size:13px;color:#6b7280;">If the button does not work, copy this link into your browser:<br>{{resetUrl}}</p>
<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
    ),
    text: `Hello {{firstName}},

We received a request to reset the password of your UK Bleed Kit Register account. Open this link to choose a new password. It works once and expires in {{expiresInMinutes}} minutes:

{{resetUrl}}

If you did not ask for this, you can ignore this email: your password stays as it is.

UK Bleed Kit Register, {{year}}`,
  },
  {
    id: 'kit_deployed_restock',
    name: 'Kit Used - Restock',
    description: 'Sent to a kit custodian when their kit is marked as deployed (used), asking them to restock it and mark it available again.',
    category: 'kits',
    variables: [
      ...kitVariables,
      ['deployedAt', 'Date and time the kit was marked as deployed'],
      ['notes', 'Notes given with the deployment, if any'],
      ['dashboardUrl', 'Link to the custodian dashboard'],
      ['year', 'Current year'],
    ],
    subject: 'Your bleed kit {{serialNumber}} may have been used: please restock it',
    html: emailPage(
      'Your bleed kit may have been used',
      `<p>Dear {{custodianName}},</p>
<p>This bleed kit was marked as <strong>deployed</strong> on {{deployedAt}}. It may have been used to help someone today: thank you for making it available.</p>
${kitTable}
{{#if notes}}<p style="color:#6b7280;">Notes: {{notes}}</p>{{/if}}
<p>Please check the kit, replace anything that was used or opened, and then mark it as available again so that it shows on the map for the next emergency.</p>
<p style="margin:24px 0;"><a href="{{dashboardUrl}}" style="background:#b91c1c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;">Open my dashboard</a></p>`,
    ),
    text: `Dear {{custodianName}},

This bleed kit was marked as deployed on {{deployedAt}}. It may have been used to help someone today: thank you for making it available.

${kitText}
{{#if notes}}Notes: {{notes}}
{{/if}}
Please check the kit, replace anything that was used or opened, and then mark it as available again so that it shows on the map for the next emergency:
{{dashboardUrl}}

UK Bleed Kit Register, {{year}}`,
  },
  {
    id: 'verification_admin_digest',
    name: 'Verification Digest for Admins',
    description: 'Weekly summary for administrators: kits overdue for verification, kits due soon, and kits deployed for more than 7 days.',
    category: 'verification',
    variables: [
      ['overdueCount', 'Number of kits overdue for verification'],
      ['dueSoonCount', 'Number of kits due for verification within 30 days'],
      ['longDeployedCount', 'Number of kits deployed for more than 7 days'],
      ['overdueKits', 'List of the overdue kits, one line each'],
      ['dueSoonKits', 'List of the kits due soon, one line each'],
      ['longDeployedKits', 'List of the kits deployed for more than 7 days, one line each'],
      ['adminUrl', 'Link to the verification page'],
      ['date', 'Date of the digest'],
      ['year', 'Current year'],
    ],
    subject: 'Verification digest: {{overdueCount}} overdue, {{dueSoonCount}} due soon',
    html: emailPage(
      'Verification digest',
      `<p>Summary of {{date}}:</p>
<ul>
<li><strong>{{overdueCount}}</strong> kits overdue for verification</li>
<li><strong>{{dueSoonCount}}</strong> kits due within 30 days</li>
<li><strong>{{longDeployedCount}}</strong> kits deployed for more than 7 days</li>
</ul>
{{#if overdueKits}}<h2 style="font-size:16px;">Overdue</h2><ul>{{#each overdueKits}}<li>{{this}}</li>{{/each}}</ul>{{/if}}
{{#if dueSoonKits}}<h2 style="font-size:16px;">Due soon</h2><ul>{{#each dueSoonKits}}<li>{{this}}</li>{{/each}}</ul>{{/if}}
{{#if longDeployedKits}}<h2 style="font-size:16px;">Deployed for more than 7 days</h2><ul>{{#each longDeployedKits}}<li>{{this}}</li>{{/each}}</ul>{{/if}}
<p><a href="{{adminUrl}}">Open the verification page</a></p>`,
    ),
    text: `Verification digest, {{date}}

{{overdueCount}} kits overdue for verification
{{dueSoonCount}} kits due within 30 days
{{longDeployedCount}} kits deployed for more than 7 days
{{#if overdueKits}}
Overdue:
{{#each overdueKits}}- {{this}}
{{/each}}{{/if}}{{#if dueSoonKits}}
Due soon:
{{#each dueSoonKits}}- {{this}}
{{/each}}{{/if}}{{#if longDeployedKits}}
Deployed for more than 7 days:
{{#each longDeployedKits}}- {{this}}
{{/each}}{{/if}}
Verification page: {{adminUrl}}

UK Bleed Kit Register, {{year}}`,
  },
];

export class SeedEmailTemplates1763900100000 implements MigrationInterface {
  name = 'SeedEmailTemplates1763900100000';

  async up(q: QueryRunner): Promise<void> {
    await insertEmailTemplates(q, SEEDS);
  }

  async down(q: QueryRunner): Promise<void> {
    await deleteEmailTemplates(q, SEEDS);
  }
}
