import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type EmailTemplateSeed, deleteEmailTemplates, emailPage, insertEmailTemplates } from './email-template-seeds';

/**
 * One e-mail per custodian per reminder run (issue 24): a custodian with two or more kits due gets one digest,
 * `verification_reminder_digest` (kits due within 30 days) or `verification_overdue_digest` (at least one kit
 * overdue), instead of one e-mail per kit. Each kit is one line of `kits` (serial number, location, due date, days
 * overdue and the link that opens its check on the dashboard); past the listed ones, "and N more" links to the
 * dashboard filtered to the due kits. A snapshot like the first seed: admins edit the templates afterwards.
 */

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

const SEEDS: EmailTemplateSeed[] = [
  {
    id: 'verification_reminder_digest',
    category: 'verification',
    variables: VARIABLES,
    name: 'Verification Reminder Digest',
    description: 'Sent once per reminder run to a custodian with two or more kits due for verification within 30 days.',
    subject: '{{kitCount}} of your bleed kits are due for verification',
    html: emailPage(
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
    category: 'verification',
    variables: VARIABLES,
    name: 'Verification Overdue Digest',
    description: 'Sent once per reminder run to a custodian with two or more kits due, at least one of them overdue for verification.',
    subject: '{{overdueCount}} of your bleed kits are overdue for verification',
    html: emailPage(
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
    await insertEmailTemplates(q, SEEDS);
  }

  async down(q: QueryRunner): Promise<void> {
    await deleteEmailTemplates(q, SEEDS);
  }
}
