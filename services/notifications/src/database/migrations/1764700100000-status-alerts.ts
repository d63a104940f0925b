import type { MigrationInterface, QueryRunner } from 'typeorm';

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

const TEMPLATE = {
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
  html: page(
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
    await q.query(
      `INSERT INTO notifications.email_templates (id, name, description, category, variables, subject, html_template, text_template)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [
        TEMPLATE.id,
        TEMPLATE.name,
        TEMPLATE.description,
        TEMPLATE.category,
        JSON.stringify(TEMPLATE.variables.map(([name, description]) => ({ name, description }))),
        TEMPLATE.subject,
        TEMPLATE.html,
        TEMPLATE.text,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications.email_templates WHERE id = $1`, [TEMPLATE.id]);
    await q.query(`DROP TABLE notifications.status_alerts`);
  }
}
