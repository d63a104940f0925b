import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type EmailTemplateListResponse, NotificationsSubjects } from '@bleedkits/contracts';
import { TemplateRepository } from '../../database/template.repository';

@Controller()
export class ListTemplatesMessageController {
  constructor(private readonly templates: TemplateRepository) {}

  /** A fixed handful of templates (seeded; admins cannot add any): listed whole. */
  @MessagePattern(NotificationsSubjects.listTemplates)
  async handle(): Promise<EmailTemplateListResponse> {
    return { templates: await this.templates.list() };
  }
}
