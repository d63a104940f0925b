import type { Actor } from '../identity/actor';
import type { DeploymentStatus } from '../enums/deployment-status';
import { type CalendarDate, type VerificationStatus, isCalendarDate } from '../kits/verification';
import { type FieldRule, type RuleTable, rule } from '../validation/rules';

// ---- the custodian's check (kits) ----------------------------------------------------------------

/** POST /api/bleed-kits/{id}/verify: the checklist. Expiry dates are YYYY-MM-DD, optional. */
export type VerifyKitChecklist = {
  cabinetAccessible: boolean;
  kitPresent: boolean;
  sealIntact: boolean;
  tourniquetExpiry?: string | null;
  dressingsExpiry?: string | null;
  notes?: string | null;
};
export type VerifyKitRequest = { actor: Actor; kitId: number | string; checklist: VerifyKitChecklist };

export const VerificationMessages = {
  checklistBoolean: 'Each checklist item must be answered yes or no',
  expiryDate: 'Expiry dates must be valid dates (YYYY-MM-DD)',
  notesTooLong: 'Notes must be at most 2000 characters',
  dueDateRequired: 'Please enter a valid due date (YYYY-MM-DD)',
  emailRequired: 'Email Required - Please enter an email address to send the test to.',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** POST /api/admin/bulk-update-verification-dates (through kits, so the revision feed carries every change). */
export type BulkUpdateVerificationDatesRequest = { actor: Actor; dueDate: CalendarDate };
export type BulkUpdateVerificationDatesResponse = { updatedCount: number; message: string };

// ---- reports (verification) ----------------------------------------------------------------------

/** A kit in the verification reports: what an admin needs to chase it. */
export type VerificationReportKit = {
  id: number;
  serialNumber: string;
  locationName: string;
  addressLine1: string;
  city: string;
  postcode: string;
  custodianName: string;
  custodianEmail: string;
  lastVerifiedAt: string | null;
  nextVerificationDue: CalendarDate;
  verificationStatus: VerificationStatus;
  isOverdue: boolean;
  daysOverdue: number;
  deploymentStatus: DeploymentStatus;
};

export type VerificationReportName = 'all' | 'overdue' | 'upcoming';

/** GET /api/admin/verification-reports/all: counts of the register, and the kits needing attention (overdue or due soon). */
export type VerificationAllReport = {
  overdueCount: number;
  upcomingCount: number;
  totalCount: number;
  kits: VerificationReportKit[];
} & VerificationReportPaging;
/** GET .../overdue: kits whose due day is before the cutoff (today). */
export type VerificationOverdueReport = { cutoffDate: CalendarDate; kits: VerificationReportKit[] } & VerificationReportPaging;
/** GET .../upcoming: kits due from startDate (today) to endDate (3 months on). */
export type VerificationUpcomingReport = { startDate: CalendarDate; endDate: CalendarDate; kits: VerificationReportKit[] } & VerificationReportPaging;

/**
 * One page of a report over NATS (a report grows with the register). Two ways to page: `page` (from 1) with
 * `limit` reads the report as the admin page shows it, most overdue first, with its `total`; `afterId` reads it in
 * kit-id order for a download that streams every page. The first page carries the report's header fields.
 */
export type VerificationReportPageRequest = { report: VerificationReportName; afterId?: number; page?: number; limit?: number };
/** GET /api/admin/verification-reports/*: `limit` kits a page by default, at most the maximum. */
export const VERIFICATION_REPORT_DEFAULT_LIMIT = 50;
export const VERIFICATION_REPORT_MAX_LIMIT = 500;
/**
 * Beside each report's spec fields: the page, the report's `total`, the kits feed revision the answer reflects
 * (`asOfRevision`) and whether the projection is behind the kits feed (`catchingUp`: the page says "Updating…").
 */
export type VerificationReportPaging = { total: number; page: number; limit: number; asOfRevision: number; catchingUp: boolean };
export type VerificationReportPage = {
  report: VerificationReportName;
  header: {
    overdueCount: number;
    upcomingCount: number;
    totalCount: number;
    cutoffDate: CalendarDate;
    startDate: CalendarDate;
    endDate: CalendarDate;
  };
  kits: VerificationReportKit[];
  nextAfterId: number | null;
  /** With `page`: the report's size and freshness. */
  total?: number;
  asOfRevision?: number;
  catchingUp?: boolean;
};

/** POST /api/admin/verification-reports/test-email */
export type VerificationTestEmailRequest = { email: string; sendReal?: boolean };
export type VerificationTestEmailPreview = { to: string; subject: string; contentPreview: string; note: string };
export type VerificationTestEmailSent = { emailSent: boolean; message: string };

/** POST /api/admin/verification-reminders/run: what the run did (a repeat run sends nothing twice). */
export type VerificationReminderRunResult = {
  runAt: string;
  remindersSent: number;
  overdueNoticesSent: number;
  alreadySent: number;
  failed: number;
  kitsChecked: number;
};

/** verification.cmd.run-reminders.v1: `digest: true` also sends this week's admin digest if it has not gone yet. */
export type VerificationReminderRunRequest = { digest?: boolean };
/** POST /api/admin/verification-reminders/run answers 202 with the queued run's id at once. */
export type VerificationReminderRunAccepted = { runId: string };

export const REMINDER_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReminderRunStatus = (typeof REMINDER_RUN_STATUSES)[number];
export const REMINDER_RUN_STATUS_LABELS: Readonly<Record<ReminderRunStatus, string>> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/**
 * One reminder run as GET /api/admin/verification-reminders/runs/{runId} shows it. `custodians` is how many
 * custodians the run owes an e-mail (one each), `custodiansDone` how many it has handed to the outbox so far;
 * `emailsQueued` = e-mails the run put in the outbox, of which `emailsSent` have left and `emailsFailed` were given
 * up (the rest are still on their way).
 */
export type VerificationReminderRun = {
  runId: string;
  status: ReminderRunStatus;
  requestedBy: 'schedule' | 'admin';
  kitsConsidered: number;
  custodians: number;
  custodiansDone: number;
  emailsQueued: number;
  emailsSent: number;
  emailsFailed: number;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
};
export const REMINDER_RUNS_PAGE_SIZE = 20;
export type VerificationReminderRunsRequest = { page: number };
export type VerificationReminderRunPage = {
  data: VerificationReminderRun[];
  pagination: { total: number; page: number; pageSize: number; pageCount: number };
};
export type VerificationReminderRunRequestById = { runId: string };

/** A custodian's digest lists at most this many kits; past it, "and N more" with a link to the due kits. */
export const REMINDER_DIGEST_LIST_LIMIT = 50;
/** The dashboard's address that opens a kit's verify dialog (links in reminder digests). */
export const kitVerifyPath = (kitId: number): string => `/dashboard?verify=${kitId}`;
/**
 * The dashboard filtered to a digest's kind of kits (the "and N more" link of a digest): 'due' (overdue or due within
 * 30 days) for an overdue digest, which lists both; 'due_30' for a reminder digest.
 */
export const dueKitsPath = (filter: 'due' | 'due_30'): string => `/dashboard?verification=${filter}`;
/** What the admins' weekly digest did (one e-mail per admin per ISO week). */
export type VerificationDigestResult = {
  recipients: string[];
  sent: number;
  alreadySent: number;
  overdueCount: number;
  dueSoonCount: number;
  longDeployedCount: number;
};
export type VerificationReminderRunResponse = VerificationReminderRunResult & { digest?: VerificationDigestResult };

/** Job payloads of QueueNames.verificationReminders. */
export type VerificationReminderJob =
  | { kind: 'reminder-run'; requestedBy: 'schedule' | 'admin'; runId?: string }
  | { kind: 'admin-digest'; requestedBy: 'schedule' | 'admin' }
  | { kind: 'restock-notice'; kitId: number; deployedAt: string };

// ---- rule tables (the web forms and the gateway's DTOs run the same rules) -------------------------

const isBooleanAnswer: FieldRule = { message: VerificationMessages.checklistBoolean, test: (v) => typeof v === 'boolean' };
const optionalDate: FieldRule = {
  message: VerificationMessages.expiryDate,
  test: (v) => v === undefined || v === null || v === '' || isCalendarDate(v),
};
const optionalNotes: FieldRule = {
  message: VerificationMessages.notesTooLong,
  test: (v) => v === undefined || v === null || (typeof v === 'string' && v.length <= 2000),
};

export const checklistRules: RuleTable<keyof VerifyKitChecklist> = {
  cabinetAccessible: [isBooleanAnswer],
  kitPresent: [isBooleanAnswer],
  sealIntact: [isBooleanAnswer],
  tourniquetExpiry: [optionalDate],
  dressingsExpiry: [optionalDate],
  notes: [optionalNotes],
};

/** Every failed message of a checklist (the kits context runs this again on receipt). */
export function checklistErrors(input: Readonly<Record<string, unknown>>): string[] {
  const failed = new Set<string>();
  for (const [field, rules] of Object.entries(checklistRules)) for (const r of rules) if (!r.test(input[field], input)) failed.add(r.message);
  return [...failed];
}

export const bulkVerificationDateRules: RuleTable<'dueDate'> = {
  dueDate: [{ message: VerificationMessages.dueDateRequired, test: (v) => isCalendarDate(v) }],
};

export const testEmailRules: RuleTable<'email'> = {
  email: [
    rule.required(VerificationMessages.emailRequired),
    rule.email(VerificationMessages.emailInvalid),
    { message: VerificationMessages.emailInvalid, test: (v) => typeof v === 'string' && v.length <= 254 },
  ],
};
