import { Injectable } from '@nestjs/common';
import type { ReminderRunFacts } from '@bleedkits/contracts';
import { ReminderRunStatusRepository } from '../../database/reminder-run-status.repository';

/** Reminder runs' facts for the admin status page (judged by the rule in contracts). */
@Injectable()
export class ReminderRunFactsHandler {
  constructor(private readonly runs: ReminderRunStatusRepository) {}

  execute(): Promise<ReminderRunFacts> {
    return this.runs.facts();
  }
}
