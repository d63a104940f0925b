import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type ReminderRunFacts, VerificationSubjects } from '@bleedkits/contracts';
import { ReminderRunFactsHandler } from './status-facts.handler';

@Controller()
export class ReminderRunFactsMessageController {
  constructor(private readonly handler: ReminderRunFactsHandler) {}

  @MessagePattern(VerificationSubjects.statusFacts)
  handle(): Promise<ReminderRunFacts> {
    return this.handler.execute();
  }
}
