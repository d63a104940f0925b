import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The verification reminders name the consumables that expire before the next check (tourniquet, haemostatic
 * dressings): a `consumables` variable, empty when nothing needs replacing. Every template gains the declared
 * variable; only a template no admin has edited (updated_by null) gains the sentence, so an admin's wording stays.
 */
const VARIABLE = { name: 'consumables', description: 'Consumables that expire before the next check (empty when none)' };
const HTML = `{{#if consumables}}<p><strong>Replace before the check:</strong> {{consumables}}</p>{{/if}}
<p>Last verified: {{lastVerifiedDate}}</p>`;
const TEXT = `{{#if consumables}}Replace before the check: {{consumables}}
{{/if}}Last verified: {{lastVerifiedDate}}`;
const IDS = ['verification_reminder', 'verification_overdue'];

export class ReminderConsumables1763900200000 implements MigrationInterface {
  name = 'ReminderConsumables1763900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE notifications.email_templates SET variables = variables || $2::jsonb
       WHERE id = ANY($1) AND NOT variables @> $3::jsonb`,
      [IDS, JSON.stringify([VARIABLE]), JSON.stringify([{ name: VARIABLE.name }])],
    );
    await q.query(
      `UPDATE notifications.email_templates
       SET html_template = replace(html_template, '<p>Last verified: {{lastVerifiedDate}}</p>', $2),
           text_template = replace(text_template, 'Last verified: {{lastVerifiedDate}}', $3)
       WHERE id = ANY($1) AND updated_by IS NULL AND html_template NOT LIKE '%{{consumables}}%'`,
      [IDS, HTML, TEXT],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE notifications.email_templates
       SET html_template = replace(html_template, $2, '<p>Last verified: {{lastVerifiedDate}}</p>'),
           text_template = replace(text_template, $3, 'Last verified: {{lastVerifiedDate}}'),
           variables = (SELECT coalesce(jsonb_agg(v), '[]'::jsonb) FROM jsonb_array_elements(variables) v WHERE v->>'name' <> 'consumables')
       WHERE id = ANY($1)`,
      [IDS, HTML, TEXT],
    );
  }
}
