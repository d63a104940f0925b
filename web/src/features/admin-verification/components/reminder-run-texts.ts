import type { VerificationReminderRun } from '@bleedkits/contracts';

/** The reminder runs card's texts. */
export const REMINDER_RUN_TEXTS = {
  title: 'Reminder Runs',
  runNow: 'Run Reminders Now',
  currentRun: 'Current reminder run',
  progressLabel: 'Reminder run progress',
  historyLabel: 'Reminder run history',
  noRuns: 'No reminder runs yet.',
  historyFailed: 'Failed to load the reminder runs. Please try again.',
  started: { title: 'Reminder Run Started', description: 'Each custodian gets one e-mail; this page shows the run as it goes.' },
  startFailed: { title: 'Run Not Started', description: 'The reminder run could not be started. Please try again.' },
} as const;

const n = (v: number) => v.toLocaleString('en-GB');

/** "120 of 400 custodians e-mailed · 6,000 kits · 90 of 120 e-mails sent (2 failed)". */
export function runSummary(run: VerificationReminderRun): string {
  return [
    `${n(run.custodiansDone)} of ${n(run.custodians)} custodians e-mailed`,
    `${n(run.kitsConsidered)} kits`,
    `${n(run.emailsSent)} of ${n(run.emailsQueued)} e-mails sent${run.emailsFailed ? ` (${n(run.emailsFailed)} failed)` : ''}`,
  ].join(' · ');
}

/** The bar: custodians handed their e-mail while the run goes, then the e-mails that have left. */
export function runProgress(run: VerificationReminderRun): number {
  if (run.status === 'queued') return 0;
  if (run.status === 'running') return run.custodians ? Math.round((run.custodiansDone / run.custodians) * 100) : 0;
  if (!run.emailsQueued) return 100;
  return Math.round(((run.emailsSent + run.emailsFailed) / run.emailsQueued) * 100);
}

/** "26/11/2026, 08:00" in London time. */
export function whenText(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
