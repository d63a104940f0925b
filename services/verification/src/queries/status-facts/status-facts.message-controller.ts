import { Controller } from '@nestjs/common';
import { type ReminderRunFacts, VerificationSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ReminderRunFactsHandler } from './status-facts.handler';

@Controller()
export class ReminderRunFactsMessageController {
  constructor(private readonly handler: ReminderRunFactsHandler) {}

  @Handles(VerificationSubjects.statusFacts)
  handle(): Promise<ReminderRunFacts> {
    return this.handler.execute();
  }
}
