import { Injectable } from '@nestjs/common';
import type { PreviewEmailRequest, PreviewEmailResponse } from '@bleedkits/contracts';
import { renderTemplate, templateProblems } from '../../domain/email-template';
import { variableProblems } from '../../domain/send-request';
import { NotificationsErrors } from '../../domain/notifications.errors';
import { TemplateRepository } from '../../database/template.repository';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** Renders a stored template, or the unsaved texts given for it, with sample values; nothing is sent. */
@Injectable()
export class PreviewEmailHandler {
  constructor(private readonly templates: TemplateRepository) {}

  @Handles(NotificationsSubjects.preview)
  async execute(req: PreviewEmailRequest): Promise<PreviewEmailResponse> {
    const variableIssues = variableProblems(req?.variables);
    if (variableIssues.length) throw NotificationsErrors.invalid(variableIssues);
    const stored = await this.templates.find(String(req?.templateId ?? ''));
    if (!stored) throw NotificationsErrors.templateNotFound();
    const texts = {
      subject: typeof req.subject === 'string' ? req.subject : stored.subject,
      htmlTemplate: typeof req.htmlTemplate === 'string' ? req.htmlTemplate : stored.htmlTemplate,
      textTemplate: typeof req.textTemplate === 'string' ? req.textTemplate : stored.textTemplate,
    };
    const problems = templateProblems(texts, stored.variables);
    if (problems.length) throw NotificationsErrors.invalid(problems);
    // Only the template's declared variables reach the render; any others given are dropped.
    const declared = new Set(stored.variables.map((v) => v.name));
    const variables = Object.fromEntries(Object.entries(req.variables ?? {}).filter(([k]) => declared.has(k)));
    return renderTemplate({ ...texts, id: stored.id, variables: stored.variables }, variables);
  }
}
