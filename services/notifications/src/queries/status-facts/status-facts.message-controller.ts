import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type MailStatusFacts, NotificationsSubjects } from '@bleedkits/contracts';
import { MailStatusFactsHandler } from './status-facts.handler';

@Controller()
export class MailStatusFactsMessageController {
  constructor(private readonly handler: MailStatusFactsHandler) {}

  @MessagePattern(NotificationsSubjects.statusFacts)
  handle(): Promise<MailStatusFacts> {
    return this.handler.execute();
  }
}
