import { Injectable } from '@nestjs/common';
import type { EmailTemplateListResponse } from '@bleedkits/contracts';
import { TemplateRepository } from '../../database/template.repository';

/** A fixed handful of templates (seeded; admins cannot add any): listed whole. */
@Injectable()
export class ListTemplatesHandler {
  constructor(private readonly templates: TemplateRepository) {}

  async execute(): Promise<EmailTemplateListResponse> {
    return { templates: await this.templates.list() };
  }
}
