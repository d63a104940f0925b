import { Injectable } from '@nestjs/common';
import { REMINDER_RUNS_PAGE_SIZE, type VerificationReminderRunPage, type VerificationReminderRunsRequest } from '@bleedkits/contracts';
import { VerificationSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { ReminderRunRepository } from '../../database/reminder-run.repository';
import { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { batchesOf, reminderRunView } from './reminder-run-view';

/** GET /api/admin/verification-reminders/runs?page=: the history of runs, newest first, a page at a time. */
@Injectable()
export class ReminderRunsHandler {
  constructor(
    private readonly runs: ReminderRunRepository,
    private readonly outbox: EmailOutbox,
  ) {}

  @Handles(VerificationSubjects.reminderRuns)
  async execute(req: VerificationReminderRunsRequest): Promise<VerificationReminderRunPage> {
    const page = req.page === undefined || req.page === null ? 1 : Number(req.page);
    if (!Number.isInteger(page) || page < 1 || page > 100_000) throw ServiceError.validation(['page must be a whole number from 1']);
    const { runs, total } = await this.runs.page(page);
    const delivery = await this.outbox.batchCounts(batchesOf(runs));
    return {
      data: runs.map((r) => reminderRunView(r, delivery)),
      pagination: { total, page, pageSize: REMINDER_RUNS_PAGE_SIZE, pageCount: Math.max(1, Math.ceil(total / REMINDER_RUNS_PAGE_SIZE)) },
    };
  }
}
