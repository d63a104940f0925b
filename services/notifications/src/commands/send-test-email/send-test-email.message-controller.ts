import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type SendTestEmailRequest, type SendTestEmailResponse } from '@bleedkits/contracts';
import { SendTestEmailHandler } from './send-test-email.handler';

@Controller()
export class SendTestEmailMessageController {
  constructor(private readonly handler: SendTestEmailHandler) {}

  @MessagePattern(NotificationsSubjects.sendTest)
  handle(@Payload() req: SendTestEmailRequest): Promise<SendTestEmailResponse> {
    return this.handler.execute(req);
  }
}
