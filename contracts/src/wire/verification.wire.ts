import { z } from 'zod';
import type { ReminderRunFacts } from '../admin/system-status';
import type {
  VerificationReminderRun,
  VerificationReminderRunAccepted,
  VerificationReminderRunPage,
  VerificationReminderRunRequest,
  VerificationReminderRunRequestById,
  VerificationReminderRunsRequest,
  VerificationReportPage,
  VerificationReportPageRequest,
  VerificationTestEmailPreview,
  VerificationTestEmailRequest,
  VerificationTestEmailSent,
} from '../verification/verification';
import { call, shape } from './call';
import { healthSubject } from '../subjects';

export const VerificationSubjects = {
  health: healthSubject('verification'),
  /** VerificationReportPageRequest → VerificationReportPage (the gateway assembles the pages). */
  reportPage: 'verification.qry.report-page.v1',
  /** VerificationTestEmailRequest → preview or sent. */
  testEmail: 'verification.cmd.test-email.v1',
  /** Queues a reminder run now ({digest?: boolean}) → {runId}: the run is a job, never a long request. */
  runReminders: 'verification.cmd.run-reminders.v1',
  /** {} → ReminderRunFacts (the admin status page). */
  statusFacts: 'verification.qry.status-facts.v1',
  /** VerificationReminderRunsRequest → VerificationReminderRunPage: the runs, newest first. */
  reminderRuns: 'verification.qry.reminder-runs.v1',
  /** {runId} → VerificationReminderRun: one run's status and counts. */
  reminderRun: 'verification.qry.reminder-run.v1',
} as const;

/**
 * Every request/reply subject of the verification context (the custodian's check and the bulk due date go through
 * kits: kits.wire.ts). The report's name and the test address are left to the handlers' messages.
 */
export const VerificationWire = {
  [VerificationSubjects.reportPage]: call<VerificationReportPageRequest, VerificationReportPage>(
    shape({
      report: z.unknown(),
      afterId: z.number().int().min(0).optional(),
      page: z.unknown().optional(),
      limit: z.unknown().optional(),
    }),
  ),
  [VerificationSubjects.testEmail]: call<VerificationTestEmailRequest, VerificationTestEmailPreview | VerificationTestEmailSent>(
    shape({ email: z.unknown(), sendReal: z.boolean().optional() }),
  ),
  [VerificationSubjects.statusFacts]: call<Record<string, never>, ReminderRunFacts>(shape({})),
  [VerificationSubjects.runReminders]: call<VerificationReminderRunRequest, VerificationReminderRunAccepted>(
    shape({ digest: z.boolean().optional() }),
  ),
  [VerificationSubjects.reminderRuns]: call<VerificationReminderRunsRequest, VerificationReminderRunPage>(shape({ page: z.unknown() })),
  [VerificationSubjects.reminderRun]: call<VerificationReminderRunRequestById, VerificationReminderRun>(shape({ runId: z.unknown() })),
} as const;
