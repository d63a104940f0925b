import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type EmailTemplateSeed, emailPage, insertEmailTemplates } from './email-template-seeds';

const TEMPLATE: EmailTemplateSeed = {
  id: 'system_status_alert',
  name: 'System Status Alert',
  description: 'Sent to every admin once when an item of the status page (backups, cloud copies, e-mail, reminder runs, ambulance feeds) turns red.',
  category: 'admin',
  variables: [
    ['item', 'The failing part of the register, e.g. Cloud copies (Dropbox)'],
    ['reason', 'Why it is failing, in words'],
    ['statusUrl', 'Address of the status page'],
    ['date', 'When the check found it'],
    ['year', 'Current year'],
  ],
  subject: 'UK Bleed Kit Register: {{item}} is failing',
  html: emailPage(
    '{{item}} is failing',
    `<p>The register's status check found a problem on {{date}}:</p>
<p><strong>{{item}}</strong>: {{reason}}</p>
<p>You get this e-mail once; the next one comes only if it fails again after it has recovered.</p>
<p><a href="{{statusUrl}}" style="display:inline-block;background:#b91c1c;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;">Open the status page</a></p>`,
  ),
  text: `The register's status check found a problem on {{date}}:

{{item}}: {{reason}}

You get this e-mail once; the next one comes only if it fails again after it has recovered.

Status page: {{statusUrl}}

UK Bleed Kit Register, {{year}}`,
};

export class StatusAlerts1764700100000 implements MigrationInterface {
  name = 'StatusAlerts1764700100000';

  async up(q: QueryRunner): Promise<void> {
    // One row per status item while it is red: the admins are e-mailed once per episode (keyed by when it turned
    // red); the row goes when the item recovers, so the next failure is a new episode.
    await q.query(`
      CREATE TABLE notifications.status_alerts (
        item text PRIMARY KEY,
        red_since timestamptz NOT NULL,
        reason text NOT NULL,
        mailed_at timestamptz
      )`);
    await insertEmailTemplates(q, [TEMPLATE]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications.email_templates WHERE id = $1`, [TEMPLATE.id]);
    await q.query(`DROP TABLE notifications.status_alerts`);
  }
}
