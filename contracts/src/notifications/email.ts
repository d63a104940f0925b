/**
 * What any context says to notifications to send an e-mail (ARCHITECTURE, "E-mail is an outbox"): a template,
 * a recipient, the template's variables and an idempotency key. Asking twice with the same key returns the
 * message already in the outbox: whatever retries, the recipient gets one e-mail.
 */
export const EmailTemplateIds = {
  verificationReminder: 'verification_reminder',
  verificationOverdue: 'verification_overdue',
  contactAdminNotification: 'contact_admin_notification',
  contactUserConfirmation: 'contact_user_confirmation',
  passwordReset: 'password_reset',
  kitDeployedRestock: 'kit_deployed_restock',
  verificationAdminDigest: 'verification_admin_digest',
  verificationReminderDigest: 'verification_reminder_digest',
  verificationOverdueDigest: 'verification_overdue_digest',
  custodianMailStopped: 'custodian_mail_stopped',
  emailChangeConfirmation: 'email_change_confirmation',
  emailChangeNotice: 'email_change_notice',
  systemStatusAlert: 'system_status_alert',
} as const;
export type EmailTemplateId = (typeof EmailTemplateIds)[keyof typeof EmailTemplateIds];

export type EmailVariables = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export type SendEmailRequest = {
  /** Stable for one intended e-mail, e.g. `verification_reminder:kit:42:due:2027-03-01`. At most 200 characters. */
  idempotencyKey: string;
  templateId: EmailTemplateId;
  to: string;
  variables: EmailVariables;
  /**
   * Set when `to` is a custodian address: the kits the e-mail is about (one, or a digest's; at most
   * CUSTODIAN_MAIL_MAX_KITS). The e-mail then carries the stop link, is never sent to an address that stopped
   * e-mails for one of these kits, and counts toward CUSTODIAN_MAIL_MAX_PER_DAY (a digest counts as one e-mail).
   */
  custodianKitIds?: readonly number[];
  /** Names the e-mails of one batch (a reminder run) so their delivery can be counted together. */
  batch?: string;
};

/** `held`: over a recipient's daily limit; `blocked`: the recipient stopped e-mails about the kit. Neither is sent. */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'held' | 'blocked';

export type SendEmailResponse = {
  messageId: string;
  status: OutboxStatus;
  /** False when the idempotency key was already known and the existing message was returned. */
  created: boolean;
};

/**
 * The variables each template declares (seeded by the notifications migration; a test keeps the two equal). A
 * sender passes these names only: an unknown name is refused. `year` and `date` default to now when not given.
 */
export const EmailTemplateVariableNames = {
  verification_reminder: [
    'custodianName',
    'serialNumber',
    'locationName',
    'addressLine1',
    'city',
    'postcode',
    'lastVerifiedDate',
    'dueDate',
    'year',
    'consumables',
  ],
  verification_overdue: [
    'custodianName',
    'serialNumber',
    'locationName',
    'addressLine1',
    'city',
    'postcode',
    'lastVerifiedDate',
    'dueDate',
    'year',
    'consumables',
  ],
  contact_admin_notification: ['name', 'email', 'subject', 'message', 'date', 'year'],
  contact_user_confirmation: ['subject', 'year'],
  password_reset: ['firstName', 'resetUrl', 'expiresInMinutes', 'year'],
  kit_deployed_restock: ['custodianName', 'serialNumber', 'locationName', 'addressLine1', 'city', 'postcode', 'deployedAt', 'dashboardUrl', 'year'],
  verification_admin_digest: [
    'overdueCount',
    'dueSoonCount',
    'longDeployedCount',
    'overdueKits',
    'dueSoonKits',
    'longDeployedKits',
    'adminUrl',
    'date',
    'year',
  ],
  custodian_mail_stopped: ['custodianEmail', 'kitIds', 'adminUrl', 'date', 'year'],
  email_change_confirmation: ['firstName', 'newEmail', 'confirmUrl', 'expiresInHours', 'year'],
  email_change_notice: ['firstName', 'newEmail', 'siteUrl', 'year'],
  system_status_alert: ['item', 'reason', 'statusUrl', 'date', 'year'],
  verification_reminder_digest: ['custodianName', 'kitCount', 'overdueCount', 'kits', 'moreCount', 'dueKitsUrl', 'year'],
  verification_overdue_digest: ['custodianName', 'kitCount', 'overdueCount', 'kits', 'moreCount', 'dueKitsUrl', 'year'],
} as const satisfies Record<EmailTemplateId, readonly string[]>;

/**
 * Mail has two lanes (ARCHITECTURE, "Mail has two lanes"): bulk mail (reminders and digests) leaves at a configured
 * rate and is marked as bulk; everything else is transactional and never waits behind it.
 */
export type EmailLane = 'transactional' | 'bulk';
const BULK_TEMPLATES: ReadonlySet<string> = new Set<string>([
  EmailTemplateIds.verificationReminder,
  EmailTemplateIds.verificationOverdue,
  EmailTemplateIds.verificationReminderDigest,
  EmailTemplateIds.verificationOverdueDigest,
  EmailTemplateIds.verificationAdminDigest,
]);
export function emailLaneOf(templateId: string): EmailLane {
  return BULK_TEMPLATES.has(templateId) ? 'bulk' : 'transactional';
}

/** notifications.qry.batch-status.v1: how the e-mails of each named batch stand in the outbox. */
export type EmailBatchStatusRequest = { batches: string[] };
/** `queued` counts every e-mail of the batch in the outbox; `sent` and `failed` those that left or were given up. */
export type EmailBatchCounts = { queued: number; sent: number; failed: number };
export type EmailBatchStatusResponse = { batches: Record<string, EmailBatchCounts> };
/** At most this many batches per request (a page of reminder runs). */
export const EMAIL_BATCH_STATUS_LIMIT = 100;

/** notifications.qry.preview.v1: renders a template (stored, or the texts given) without sending anything. */
export type PreviewEmailRequest = {
  templateId: string;
  variables?: EmailVariables;
  /** Unsaved texts from the template editor; the stored ones when absent. */
  subject?: string;
  htmlTemplate?: string;
  textTemplate?: string;
};
export type PreviewEmailResponse = { subject: string; html: string; text: string };
