import { z } from 'zod';
import type { ReminderRunFacts } from '../admin/system-status';
import { VerificationSubjects } from '../subjects';
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
