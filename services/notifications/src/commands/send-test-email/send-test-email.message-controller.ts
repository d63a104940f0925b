import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type SendTestEmailRequest, type SendTestEmailResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SendTestEmailHandler } from './send-test-email.handler';

@Controller()
export class SendTestEmailMessageController {
  constructor(private readonly handler: SendTestEmailHandler) {}

  @Handles(NotificationsSubjects.sendTest)
  handle(@Payload() req: SendTestEmailRequest): Promise<SendTestEmailResponse> {
    return this.handler.execute(req);
  }
}
