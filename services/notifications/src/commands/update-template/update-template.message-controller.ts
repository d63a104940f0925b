import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type UpdateEmailTemplateCommand, type UpdateEmailTemplateResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { UpdateTemplateHandler } from './update-template.handler';

@Controller()
export class UpdateTemplateMessageController {
  constructor(private readonly handler: UpdateTemplateHandler) {}

  @Handles(NotificationsSubjects.updateTemplate)
  handle(@Payload() req: UpdateEmailTemplateCommand): Promise<UpdateEmailTemplateResponse> {
    return this.handler.execute(req);
  }
}
