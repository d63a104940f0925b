/**
 * BullMQ queue names (ARCHITECTURE, "Queues and schedules"). Each context owns the queues named after it and
 * declares its job payloads beside its other wire types; `QueueJobPayloads` (./job-payloads.ts) ties each name to its
 * jobs' names and payloads so a producer and a worker cannot disagree. Names contain no ':' (BullMQ's key separator).
 */
export const QueueNames = {
  /** notifications: deliver one outbox message (payload: its id). */
  emailDelivery: 'notifications.email-delivery',
  /** notifications: deliver one bulk outbox message (reminders, digests) at MAIL_BULK_RATE_PER_SECOND. */
  emailBulk: 'notifications.email-bulk',
  /** imports: one CSV bulk registration. */
  csvImport: 'imports.csv-import',
  /** imports: one batch of approved CSV comparison updates. */
  csvUpdates: 'imports.csv-updates',
  /** backups: scheduled and manual database backups. */
  backups: 'backups.run',
  /** verification: the reminder run (scheduled, or on an admin's request). */
  verificationReminders: 'verification.reminders',
  /** notifications: the status check that e-mails the admins about a red item of /admin/status (a job scheduler). */
  statusAlerts: 'notifications.status-alerts',
  /** kits: the daily deletion of audit entries older than AUDIT_RETENTION_DAYS (a job scheduler). */
  kitsAuditRetention: 'kits.audit-retention',
  /** kits: deliver one feed client's next push batches (payload FeedPushJob; one job per client at a time). */
  feedPush: 'kits.feed-push',
  /** kits: the sweep that finds push subscriptions with changes to send or a retry due (a job scheduler). */
  feedPushSweep: 'kits.feed-push-sweep',
  /** identity: the same for identity's audit entries. */
  identityAuditRetention: 'identity.audit-retention',
  /** notifications: the same for the notifications' audit entries. */
  notificationsAuditRetention: 'notifications.audit-retention',
  /** backups: the same for the backups' audit entries. */
  backupsAuditRetention: 'backups.audit-retention',
} as const;
export type QueueName = (typeof QueueNames)[keyof typeof QueueNames];

/** Every job of the register names the thing it acts on; the side effect's idempotency key is derived from it. */
export type JobPayload = Readonly<Record<string, unknown>>;

/** The states the API reports for a job (BullMQ's own states folded into the spec's four). */
export type JobState = 'queued' | 'processing' | 'completed' | 'failed';

/** The time zone every schedule of the register runs in. */
export const SCHEDULE_TIME_ZONE = 'Europe/London';
