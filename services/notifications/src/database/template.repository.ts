import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { EmailTemplate } from '@bleedkits/contracts';
import type { TemplateTexts } from '../domain/email-template';

type Row = {
  id: string;
  name: string;
  description: string;
  category: EmailTemplate['category'];
  variables: EmailTemplate['variables'];
  subject: string;
  html_template: string;
  text_template: string;
  updated_at: Date;
};

const toTemplate = (r: Row): EmailTemplate => ({
  id: r.id as EmailTemplate['id'],
  name: r.name,
  description: r.description,
  category: r.category,
  variables: r.variables,
  subject: r.subject,
  htmlTemplate: r.html_template,
  textTemplate: r.text_template,
  updatedAt: r.updated_at.toISOString(),
});

/** The e-mail templates: seeded by migration, edited by admins. A handful of rows: listed whole. */
@Injectable()
export class TemplateRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<EmailTemplate[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM notifications.email_templates
        ORDER BY array_position(ARRAY['verification','contact','account','kits'], category), id`,
    );
    return rows.map(toTemplate);
  }

  async find(id: string): Promise<EmailTemplate | null> {
    const rows: Row[] = await this.dataSource.query(`SELECT * FROM notifications.email_templates WHERE id = $1`, [id]);
    return rows[0] ? toTemplate(rows[0]) : null;
  }

  /** `alsoRecord` writes in the same transaction (the audit entry of the edit), only when a template was saved. */
  async update(
    id: string,
    texts: TemplateTexts,
    actorId: string | null,
    alsoRecord?: (m: EntityManager) => Promise<void>,
  ): Promise<EmailTemplate | null> {
    return this.dataSource.transaction(async (m) => {
      const [rows]: [Row[], number] = await m.query(
        `UPDATE notifications.email_templates
            SET subject = $2, html_template = $3, text_template = $4, updated_at = now(), updated_by = $5
          WHERE id = $1 RETURNING *`,
        [id, texts.subject, texts.htmlTemplate, texts.textTemplate, actorId],
      );
      if (!rows[0]) return null;
      await alsoRecord?.(m);
      return toTemplate(rows[0]);
    });
  }
}
