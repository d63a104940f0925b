import type { EmailBatchCounts, VerificationReminderRun } from '@bleedkits/contracts';
import type { StoredReminderRun } from '../../database/reminder-run.repository';
import { runBatch } from '../../commands/run-reminders/reminder-run.handler';

/** A run as the admin sees it: what verification recorded, and how its e-mails stand in the outbox. */
export function reminderRunView(run: StoredReminderRun, delivery: Record<string, EmailBatchCounts>): VerificationReminderRun {
  const counts = delivery[runBatch(run.runId)];
  return {
    ...run,
    emailsQueued: Math.max(run.custodiansDone, counts?.queued ?? 0),
    emailsSent: counts?.sent ?? 0,
    emailsFailed: counts?.failed ?? 0,
  };
}

export const batchesOf = (runs: readonly StoredReminderRun[]): string[] => runs.map((r) => runBatch(r.runId));
