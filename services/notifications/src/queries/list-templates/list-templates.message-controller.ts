import { Controller } from '@nestjs/common';
import { type EmailTemplateListResponse, NotificationsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ListTemplatesHandler } from './list-templates.handler';

@Controller()
export class ListTemplatesMessageController {
  constructor(private readonly handler: ListTemplatesHandler) {}

  @Handles(NotificationsSubjects.listTemplates)
  handle(): Promise<EmailTemplateListResponse> {
    return this.handler.execute();
  }
}
