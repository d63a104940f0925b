import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { QueueNames, type VerificationReminderRunAccepted, type VerificationReminderRunRequest } from '@bleedkits/contracts';
import { VerificationSubjects } from '@bleedkits/contracts/wire';
import { InjectTypedQueue, type TypedQueue, Handles } from '@bleedkits/platform';
import { ReminderRunRepository } from '../../database/reminder-run.repository';

/**
 * An admin's "run the reminders now": the run is recorded as queued and handed to the reminders queue, and the
 * answer is its id at once, at any register size (its page shows it going). `digest: true` also queues this
 * week's admin digest (one per admin per week: nothing is sent twice).
 */
@Injectable()
export class RunRemindersHandler {
  constructor(
    private readonly runs: ReminderRunRepository,
    @InjectTypedQueue(QueueNames.verificationReminders) private readonly queue: TypedQueue<typeof QueueNames.verificationReminders>,
  ) {}

  @Handles(VerificationSubjects.runReminders)
  async execute(req: VerificationReminderRunRequest): Promise<VerificationReminderRunAccepted> {
    const runId = randomUUID();
    await this.runs.queue(runId, 'admin');
    try {
      await this.queue.add('reminder-run', { kind: 'reminder-run', requestedBy: 'admin', runId }, { jobId: `reminder-run-${runId}` });
      if (req.digest === true)
        await this.queue.add('admin-digest', { kind: 'admin-digest', requestedBy: 'admin' }, { jobId: `admin-digest-${runId}` });
    } catch (e) {
      await this.runs.fail(runId, `could not be queued: ${(e as Error).message}`);
      throw e;
    }
    return { runId };
  }
}
