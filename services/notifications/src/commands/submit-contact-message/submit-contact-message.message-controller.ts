import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type MessageResponse, NotificationsSubjects, type SubmitContactMessageCommand } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SubmitContactMessageHandler } from './submit-contact-message.handler';

@Controller()
export class SubmitContactMessageMessageController {
  constructor(private readonly handler: SubmitContactMessageHandler) {}

  @Handles(NotificationsSubjects.contact)
  handle(@Payload() req: SubmitContactMessageCommand): Promise<MessageResponse> {
    return this.handler.execute(req);
  }
}
