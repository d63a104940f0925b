import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type EmailTemplateSeed, emailPage, insertEmailTemplates, variablesJson } from './email-template-seeds';

/**
 * Mail as a relay (issue 29). The contact confirmation no longer repeats the visitor's message (its `message`
 * variable is withdrawn, so no admin edit can bring it back) and the restock e-mail no longer carries the owner's
 * notes. Both templates are rewritten whether or not an admin edited them: an edited text may name the withdrawn
 * variable, which would no longer compile. Custodian e-mails gain stop links (blocks per address and kit) and two
 * outbox states that are never sent: `held` (over a recipient's daily limit) and `blocked` (the recipient stopped
 * them). The admins are told of each stop by the new `custodian_mail_stopped` template.
 */

type TemplateRewrite = { id: string; variables: [string, string][]; subject: string; html: string; text: string };

const CONFIRMATION: TemplateRewrite = {
  id: 'contact_user_confirmation',
  variables: [
    ['subject', 'Subject of their message (links left out)'],
    ['year', 'Current year'],
  ],
  subject: 'We received your message: {{subject}}',
  html: emailPage(
    'Thank you for your message',
    `<p>Thank you for contacting the UK Bleed Kit Register. We have received your message <strong>{{subject}}</strong> and will respond as soon as possible.</p>
<p>If you did not send a message to the register, you can ignore this email.</p>
<p>If someone is seriously hurt, do not wait for our reply: call 999.</p>`,
  ),
  text: `Thank you for contacting the UK Bleed Kit Register. We have received your message "{{subject}}" and will respond as soon as possible.

If you did not send a message to the register, you can ignore this email.

If someone is seriously hurt, do not wait for our reply: call 999.

UK Bleed Kit Register, {{year}}`,
};

const RESTOCK: TemplateRewrite = {
  id: 'kit_deployed_restock',
  variables: [
    ['custodianName', 'Name of the kit custodian'],
    ['serialNumber', 'Serial number of the kit'],
    ['locationName', 'Name of the kit location'],
    ['addressLine1', 'First line of the address'],
    ['city', 'Town or city'],
    ['postcode', 'Postcode'],
    ['deployedAt', 'Date and time the kit was marked as deployed'],
    ['dashboardUrl', 'Link to the custodian dashboard'],
    ['year', 'Current year'],
  ],
  subject: 'Your bleed kit {{serialNumber}} may have been used: please restock it',
  html: emailPage(
    'Your bleed kit may have been used',
    `<p>Dear {{custodianName}},</p>
<p>This bleed kit was reported as used (<strong>deployed</strong>) on {{deployedAt}}. It may have helped someone today: thank you for making it available.</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">
<tr><td style="color:#6b7280;">Serial number</td><td><strong>{{serialNumber}}</strong></td></tr>
<tr><td style="color:#6b7280;">Location</td><td>{{locationName}}</td></tr>
<tr><td style="color:#6b7280;">Address</td><td>{{addressLine1}}, {{city}} {{postcode}}</td></tr>
</table>
<p>Please check the kit, replace anything that was used or opened, and then mark it as available again on your dashboard so that it shows on the map for the next emergency. The details of the report are on your dashboard.</p>
<p style="margin:24px 0;"><a href="{{dashboardUrl}}" style="background:#b91c1c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;">Open my dashboard</a></p>`,
  ),
  text: `Dear {{custodianName}},

This bleed kit was reported as used (deployed) on {{deployedAt}}. It may have helped someone today: thank you for making it available.

Serial number: {{serialNumber}}
Location: {{locationName}}
Address: {{addressLine1}}, {{city}} {{postcode}}

Please check the kit, replace anything that was used or opened, and then mark it as available again on your dashboard so that it shows on the map for the next emergency. The details of the report are on your dashboard:
{{dashboardUrl}}

UK Bleed Kit Register, {{year}}`,
};

const STOPPED: EmailTemplateSeed = {
  id: 'custodian_mail_stopped',
  name: 'Custodian E-mails Stopped',
  description: 'Sent to the register administrators when a custodian address follows the "not my kit" link of an e-mail about a kit.',
  category: 'kits',
  variables: [
    ['custodianEmail', 'The address that asked to stop the e-mails'],
    ['kitIds', 'The kits it will no longer hear about (list of ids)'],
    ['adminUrl', 'Link to the admin page'],
    ['date', 'Date and time of the request'],
    ['year', 'Current year'],
  ] as [string, string][],
  subject: 'Custodian e-mails stopped by {{custodianEmail}}',
  html: emailPage(
    'A custodian address stopped e-mails about a kit',
    `<p>On {{date}}, <strong>{{custodianEmail}}</strong> followed the "not my kit, stop these e-mails" link of an e-mail about these kits:</p>
<ul>{{#each kitIds}}<li>Kit {{this}}</li>{{/each}}</ul>
<p>The register will send no more e-mails about these kits to that address. The custodian address given for the kit may be wrong: please check the kit's details with its owner.</p>
<p><a href="{{adminUrl}}">Open the admin page</a></p>`,
  ),
  text: `On {{date}}, {{custodianEmail}} followed the "not my kit, stop these e-mails" link of an e-mail about these kits:
{{#each kitIds}}- Kit {{this}}
{{/each}}
The register will send no more e-mails about these kits to that address. The custodian address given for the kit may be wrong: please check the kit's details with its owner.

Admin page: {{adminUrl}}

UK Bleed Kit Register, {{year}}`,
};

export class CustodianMailRelay1764400000000 implements MigrationInterface {
  name = 'CustodianMailRelay1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.outbox DROP CONSTRAINT IF EXISTS outbox_status_check`);
    await q.query(
      `ALTER TABLE notifications.outbox ADD CONSTRAINT outbox_status_check
         CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'held', 'blocked'))`,
    );
    // The kits a custodian e-mail is about (null: not a custodian e-mail), and the one-click stop URL of its
    // List-Unsubscribe header.
    await q.query(`ALTER TABLE notifications.outbox ADD COLUMN custodian_kit_ids int[], ADD COLUMN list_unsubscribe_url text`);
    // The daily count per recipient reads this index only.
    await q.query(`CREATE INDEX outbox_recipient_created_idx ON notifications.outbox (lower(recipient), created_at)`);
    await q.query(`
      CREATE TABLE notifications.custodian_mail_blocks (
        recipient text NOT NULL,
        kit_id int NOT NULL,
        blocked_at timestamptz NOT NULL DEFAULT now(),
        admins_told_at timestamptz,
        PRIMARY KEY (recipient, kit_id)
      )`);
    for (const t of [CONFIRMATION, RESTOCK]) {
      await q.query(
        `UPDATE notifications.email_templates
            SET variables = $2::jsonb, subject = $3, html_template = $4, text_template = $5, updated_at = now(), updated_by = NULL
          WHERE id = $1`,
        [t.id, variablesJson(t.variables), t.subject, t.html, t.text],
      );
    }
    await insertEmailTemplates(q, [STOPPED]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications.email_templates WHERE id = 'custodian_mail_stopped'`);
    await q.query(`DROP TABLE notifications.custodian_mail_blocks`);
    await q.query(`DROP INDEX notifications.outbox_recipient_created_idx`);
    await q.query(`ALTER TABLE notifications.outbox DROP COLUMN custodian_kit_ids, DROP COLUMN list_unsubscribe_url`);
    await q.query(`UPDATE notifications.outbox SET status = 'failed' WHERE status IN ('held', 'blocked')`);
    await q.query(`ALTER TABLE notifications.outbox DROP CONSTRAINT outbox_status_check`);
    await q.query(`ALTER TABLE notifications.outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'))`);
    // The two rewritten templates keep their new texts: the old ones repeated the visitor's message and the owner's notes.
  }
}
