import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type PreviewEmailRequest, type PreviewEmailResponse } from '@bleedkits/contracts';
import { PreviewEmailHandler } from './preview-email.handler';

@Controller()
export class PreviewEmailMessageController {
  constructor(private readonly handler: PreviewEmailHandler) {}

  @MessagePattern(NotificationsSubjects.preview)
  handle(@Payload() req: PreviewEmailRequest): Promise<PreviewEmailResponse> {
    return this.handler.execute(req);
  }
}
