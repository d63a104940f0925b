import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type OutboxPageRequest, type OutboxPageResponse } from '@bleedkits/contracts';
import { OutboxPageHandler } from './outbox-page.handler';

@Controller()
export class OutboxPageMessageController {
  constructor(private readonly handler: OutboxPageHandler) {}

  @MessagePattern(NotificationsSubjects.outboxPage)
  handle(@Payload() req: OutboxPageRequest): Promise<OutboxPageResponse> {
    return this.handler.execute(req);
  }
}
