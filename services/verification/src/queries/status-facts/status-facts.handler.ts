import { Injectable } from '@nestjs/common';
import type { ReminderRunFacts } from '@bleedkits/contracts';
import { ReminderRunStatusRepository } from '../../database/reminder-run-status.repository';
import { VerificationSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** Reminder runs' facts for the admin status page (judged by the rule in contracts). */
@Injectable()
export class ReminderRunFactsHandler {
  constructor(private readonly runs: ReminderRunStatusRepository) {}

  @Handles(VerificationSubjects.statusFacts)
  execute(): Promise<ReminderRunFacts> {
    return this.runs.facts();
  }
}
