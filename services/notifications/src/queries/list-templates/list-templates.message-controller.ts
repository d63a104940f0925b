import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type EmailTemplateListResponse, NotificationsSubjects } from '@bleedkits/contracts';
import { ListTemplatesHandler } from './list-templates.handler';

@Controller()
export class ListTemplatesMessageController {
  constructor(private readonly handler: ListTemplatesHandler) {}

  @MessagePattern(NotificationsSubjects.listTemplates)
  handle(): Promise<EmailTemplateListResponse> {
    return this.handler.execute();
  }
}
