import { Injectable } from '@nestjs/common';
import type { VerificationReminderRun, VerificationReminderRunRequestById } from '@bleedkits/contracts';
import { ServiceError, Handles } from '@bleedkits/platform';
import { ReminderRunRepository } from '../../database/reminder-run.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { batchesOf, reminderRunView } from '../reminder-runs/reminder-run-view';
import { VerificationSubjects } from '@bleedkits/contracts/wire';

/** GET /api/admin/verification-reminders/runs/{runId}: one run's status, counts and times. */
@Injectable()
export class ReminderRunStatusHandler {
  constructor(
    private readonly runs: ReminderRunRepository,
    private readonly outbox: EmailOutbox,
  ) {}

  @Handles(VerificationSubjects.reminderRun)
  async execute(req: VerificationReminderRunRequestById): Promise<VerificationReminderRun> {
    const runId = typeof req.runId === 'string' ? req.runId.trim() : '';
    if (!runId || runId.length > 100) throw ServiceError.validation(['runId must be the id of a reminder run']);
    const run = await this.runs.find(runId);
    if (!run) throw ServiceError.notFound('Reminder run not found');
    return reminderRunView(run, await this.outbox.batchCounts(batchesOf([run])));
  }
}
