import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type ReminderRunFacts, VerificationSubjects } from '@bleedkits/contracts';
import { ReminderRunStatusRepository } from '../../database/reminder-run-status.repository';

/** Reminder runs' facts for the admin status page (judged by the rule in contracts). */
@Controller()
export class ReminderRunFactsMessageController {
  constructor(private readonly runs: ReminderRunStatusRepository) {}

  @MessagePattern(VerificationSubjects.statusFacts)
  handle(): Promise<ReminderRunFacts> {
    return this.runs.facts();
  }
}
