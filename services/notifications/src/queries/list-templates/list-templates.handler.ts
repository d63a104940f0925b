import { Injectable } from '@nestjs/common';
import type { EmailTemplateListResponse } from '@bleedkits/contracts';
import { TemplateRepository } from '../../database/template.repository';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** A fixed handful of templates (seeded; admins cannot add any): listed whole. */
@Injectable()
export class ListTemplatesHandler {
  constructor(private readonly templates: TemplateRepository) {}

  @Handles(NotificationsSubjects.listTemplates)
  async execute(): Promise<EmailTemplateListResponse> {
    return { templates: await this.templates.list() };
  }
}
