import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One e-mail per custodian per reminder run (issue 24): a custodian with two or more kits due gets one digest,
 * `verification_reminder_digest` (kits due within 30 days) or `verification_overdue_digest` (at least one kit
 * overdue), instead of one e-mail per kit. Each kit is one line of `kits` (serial number, location, due date, days
 * overdue and the link that opens its check on the dashboard); past the listed ones, "and N more" links to the
 * dashboard filtered to the due kits. A snapshot like the first seed: admins edit the templates afterwards.
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

const VARIABLES: [string, string][] = [
  ['custodianName', 'Name of the kit custodian'],
  ['kitCount', 'Number of the custodian’s kits in this e-mail'],
  ['overdueCount', 'Number of them overdue for verification'],
  ['kits', 'The kits, one line each: serial number, location, due date, days overdue and the link to check it'],
  ['moreCount', 'Kits beyond the listed ones (0 when all are listed)'],
  ['dueKitsUrl', 'Link to the dashboard filtered to the kits due'],
  ['year', 'Current year'],
];

const list = `<ul style="padding-left:20px;">{{#each kits}}<li style="margin-bottom:8px;">{{this}}</li>{{/each}}</ul>
{{#if moreCount}}<p>and {{moreCount}} more: <a href="{{dueKitsUrl}}">see them all on your dashboard</a></p>{{/if}}`;
const textList = `{{#each kits}}- {{this}}
{{/each}}{{#if moreCount}}and {{moreCount}} more: {{dueKitsUrl}}
{{/if}}`;

type Seed = { id: string; name: string; description: string; subject: string; html: string; text: string };

const SEEDS: Seed[] = [
  {
    id: 'verification_reminder_digest',
    name: 'Verification Reminder Digest',
    description: 'Sent once per reminder run to a custodian with two or more kits due for verification within 30 days.',
    subject: '{{kitCount}} of your bleed kits are due for verification',
    html: page(
      'Your bleed kits are due for verification',
      `<p>Dear {{custodianName}},</p>
<p>{{kitCount}} of the bleed kits you look after are due for their six-monthly check within the next 30 days. Please check each kit and record the check on your dashboard: the link beside each kit opens its check.</p>
${list}
<p>Thank you for keeping these kits ready for an emergency.</p>`,
    ),
    text: `Dear {{custodianName}},

{{kitCount}} of the bleed kits you look after are due for their six-monthly check within the next 30 days. Please check each kit and record the check on your dashboard: the link beside each kit opens its check.

${textList}
Thank you for keeping these kits ready for an emergency.

UK Bleed Kit Register, {{year}}`,
  },
  {
    id: 'verification_overdue_digest',
    name: 'Verification Overdue Digest',
    description: 'Sent once per reminder run to a custodian with two or more kits due, at least one of them overdue for verification.',
    subject: '{{overdueCount}} of your bleed kits are overdue for verification',
    html: page(
      'Your bleed kits are overdue for verification',
      `<p>Dear {{custodianName}},</p>
<p>{{kitCount}} of the bleed kits you look after need their six-monthly check; {{overdueCount}} of them are overdue. A kit that is not checked may be missing or expired when someone needs it. Please check each kit and record the check on your dashboard: the link beside each kit opens its check.</p>
${list}
<p>Thank you for keeping these kits ready for an emergency.</p>`,
    ),
    text: `Dear {{custodianName}},

{{kitCount}} of the bleed kits you look after need their six-monthly check; {{overdueCount}} of them are overdue. A kit that is not checked may be missing or expired when someone needs it. Please check each kit and record the check on your dashboard: the link beside each kit opens its check.

${textList}
Thank you for keeping these kits ready for an emergency.

UK Bleed Kit Register, {{year}}`,
  },
];

export class SeedReminderDigests1764500100000 implements MigrationInterface {
  name = 'SeedReminderDigests1764500100000';

  async up(q: QueryRunner): Promise<void> {
    for (const t of SEEDS) {
      await q.query(
        `INSERT INTO notifications.email_templates (id, name, description, category, variables, subject, html_template, text_template)
         VALUES ($1, $2, $3, 'verification', $4::jsonb, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [t.id, t.name, t.description, JSON.stringify(VARIABLES.map(([name, description]) => ({ name, description }))), t.subject, t.html, t.text],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications.email_templates WHERE id = ANY($1)`, [SEEDS.map((t) => t.id)]);
  }
}
