import { Controller } from '@nestjs/common';
import { type MailStatusFacts, NotificationsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { MailStatusFactsHandler } from './status-facts.handler';

@Controller()
export class MailStatusFactsMessageController {
  constructor(private readonly handler: MailStatusFactsHandler) {}

  @Handles(NotificationsSubjects.statusFacts)
  handle(): Promise<MailStatusFacts> {
    return this.handler.execute();
  }
}
