import type { QueryRunner } from 'typeorm';

/** One e-mail template as a migration seeds it; variables as [name, description]. */
export type EmailTemplateSeed = {
  id: string;
  name: string;
  description: string;
  category: string;
  variables: [string, string][];
  subject: string;
  html: string;
  text: string;
};

/**
 * The register's HTML frame around every seeded template. Seeds are snapshots: a migration that has run is never
 * run again, so a new frame belongs in a new migration's own copy, never in an edit here.
 */
export const emailPage = (heading: string, body: string) => `<!DOCTYPE html>
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

/** A template's declared variables as the jsonb column stores them. */
export const variablesJson = (variables: [string, string][]) => JSON.stringify(variables.map(([name, description]) => ({ name, description })));

/** Adds templates that are not there yet; a template an admin already has is left as it is. */
export async function insertEmailTemplates(q: QueryRunner, seeds: readonly EmailTemplateSeed[]): Promise<void> {
  for (const t of seeds) {
    await q.query(
      `INSERT INTO notifications.email_templates (id, name, description, category, variables, subject, html_template, text_template)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [t.id, t.name, t.description, t.category, variablesJson(t.variables), t.subject, t.html, t.text],
    );
  }
}

export async function deleteEmailTemplates(q: QueryRunner, seeds: readonly EmailTemplateSeed[]): Promise<void> {
  await q.query(`DELETE FROM notifications.email_templates WHERE id = ANY($1)`, [seeds.map((t) => t.id)]);
}
