import { Injectable } from '@nestjs/common';
import {
  EMAIL_TEMPLATE_LIMITS,
  EmailTemplateMessages,
  type UpdateEmailTemplateCommand,
  type UpdateEmailTemplateResponse,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { templateProblems } from '../../domain/email-template';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { TemplateRepository } from '../../database/template.repository';
import { NotificationsAuditTrail } from '../../database/notifications-audit-trail';
import { Handles } from '@bleedkits/platform';

/** An admin's edit of a template: saved only when all three parts compile and name only declared variables. */
@Injectable()
export class UpdateTemplateHandler {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly audit: NotificationsAuditTrail,
  ) {}

  @Handles(NotificationsSubjects.updateTemplate)
  async execute(req: UpdateEmailTemplateCommand): Promise<UpdateEmailTemplateResponse> {
    const texts = { subject: req?.subject, htmlTemplate: req?.htmlTemplate, textTemplate: req?.textTemplate };
    const shape = shapeProblems(texts);
    if (shape.length) throw NotificationsErrors.invalid(shape);
    const current = await this.templates.find(String(req.id));
    if (!current) throw NotificationsErrors.templateNotFound();
    const valid = texts as { subject: string; htmlTemplate: string; textTemplate: string };
    const problems = templateProblems(valid, current.variables);
    if (problems.length) throw NotificationsErrors.invalid(problems);
    const template = await this.templates.update(current.id, valid, req.actor.id, (m) =>
      this.audit.record(m, {
        actor: req.actor,
        action: 'email-template.edited',
        target: { type: 'email-template', id: current.id, label: current.name },
        before: { subject: current.subject, htmlTemplate: current.htmlTemplate, textTemplate: current.textTemplate },
        after: valid,
      }),
    );
    if (!template) throw NotificationsErrors.templateNotFound();
    return { message: EmailTemplateMessages.updated, template };
  }
}

function shapeProblems(t: { subject: unknown; htmlTemplate: unknown; textTemplate: unknown }): string[] {
  const problems: string[] = [];
  const check = (value: unknown, max: number, required: string, tooLong: string) => {
    if (typeof value !== 'string' || value.trim() === '') problems.push(required);
    else if (value.length > max) problems.push(tooLong);
  };
  check(t.subject, EMAIL_TEMPLATE_LIMITS.subject, EmailTemplateMessages.subjectRequired, EmailTemplateMessages.subjectTooLong);
  check(t.htmlTemplate, EMAIL_TEMPLATE_LIMITS.htmlTemplate, EmailTemplateMessages.htmlRequired, EmailTemplateMessages.htmlTooLong);
  check(t.textTemplate, EMAIL_TEMPLATE_LIMITS.textTemplate, EmailTemplateMessages.textRequired, EmailTemplateMessages.textTooLong);
  return problems;
}
