import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type PreviewEmailRequest, type PreviewEmailResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { PreviewEmailHandler } from './preview-email.handler';

@Controller()
export class PreviewEmailMessageController {
  constructor(private readonly handler: PreviewEmailHandler) {}

  @Handles(NotificationsSubjects.preview)
  handle(@Payload() req: PreviewEmailRequest): Promise<PreviewEmailResponse> {
    return this.handler.execute(req);
  }
}
