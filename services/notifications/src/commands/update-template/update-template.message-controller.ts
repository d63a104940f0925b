import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type UpdateEmailTemplateCommand, type UpdateEmailTemplateResponse } from '@bleedkits/contracts';
import { UpdateTemplateHandler } from './update-template.handler';

@Controller()
export class UpdateTemplateMessageController {
  constructor(private readonly handler: UpdateTemplateHandler) {}

  @MessagePattern(NotificationsSubjects.updateTemplate)
  handle(@Payload() req: UpdateEmailTemplateCommand): Promise<UpdateEmailTemplateResponse> {
    return this.handler.execute(req);
  }
}
