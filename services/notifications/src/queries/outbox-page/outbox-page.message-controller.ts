import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { NotificationsSubjects, type OutboxPageRequest, type OutboxPageResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { OutboxPageHandler } from './outbox-page.handler';

@Controller()
export class OutboxPageMessageController {
  constructor(private readonly handler: OutboxPageHandler) {}

  @Handles(NotificationsSubjects.outboxPage)
  handle(@Payload() req: OutboxPageRequest): Promise<OutboxPageResponse> {
    return this.handler.execute(req);
  }
}
