import type { CloudCopyJob, ManualBackupJob, ScheduledBackupJob } from '../backups/backups';
import type { FeedPushJob } from '../ambulance-feed/feed-push';
import type { CsvUpdatesJobPayload } from '../imports/csv-updates';
import type { CsvImportJobPayload } from '../imports/import-job';
import type { EmailDeliveryJob, OutboxSweepJob } from '../notifications/outbox';
import type { VerificationReminderJob } from '../verification/verification';
import type { QueueName, QueueNames } from './queues';

/** The tick of a job scheduler that carries nothing: the worker reads what is due when it runs. */
export type TickJob = Record<string, never>;

/** The retention queues of the contexts with an audit trail: one job, the daily purge (platform/src/audit). */
export type AuditRetentionQueueName =
  | typeof QueueNames.kitsAuditRetention
  | typeof QueueNames.identityAuditRetention
  | typeof QueueNames.notificationsAuditRetention
  | typeof QueueNames.backupsAuditRetention;
type AuditRetentionJobs = { 'purge-audit-entries': TickJob };

type ReminderJob<K extends VerificationReminderJob['kind']> = Extract<VerificationReminderJob, { kind: K }>;

/**
 * Every queue of the register: its job names, each with its payload (declared beside its context's other
 * contracts). Platform's typed queue (`TypedQueue<Q>`, `InjectTypedQueue`, `upsertSchedule`) takes a producer's
 * `add(name, payload)` from here and `QueueWorker<Q>` gives a worker the job of that name, so a producer and a worker
 * cannot disagree; scripts/architecture.spec.ts fails a queue name without an entry.
 */
export type QueueJobPayloads = {
  [QueueNames.emailDelivery]: { deliver: EmailDeliveryJob; sweep: OutboxSweepJob };
  [QueueNames.emailBulk]: { deliver: EmailDeliveryJob };
  [QueueNames.csvImport]: { import: CsvImportJobPayload };
  [QueueNames.csvUpdates]: { apply: CsvUpdatesJobPayload };
  [QueueNames.backups]: {
    'scheduled-full': ScheduledBackupJob;
    'scheduled-incremental': ScheduledBackupJob;
    'manual-full': ManualBackupJob;
    'cloud-copy': CloudCopyJob;
  };
  [QueueNames.verificationReminders]: {
    'reminder-run': ReminderJob<'reminder-run'>;
    'admin-digest': ReminderJob<'admin-digest'>;
    'restock-notice': ReminderJob<'restock-notice'>;
  };
  [QueueNames.statusAlerts]: { 'status-check': TickJob };
  [QueueNames.feedPush]: { deliver: FeedPushJob };
  [QueueNames.feedPushSweep]: { sweep: TickJob };
  [QueueNames.kitsAuditRetention]: AuditRetentionJobs;
  [QueueNames.identityAuditRetention]: AuditRetentionJobs;
  [QueueNames.notificationsAuditRetention]: AuditRetentionJobs;
  [QueueNames.backupsAuditRetention]: AuditRetentionJobs;
};

/** The names of the jobs of queue Q. */
export type QueueJobName<Q extends QueueName> = keyof QueueJobPayloads[Q] & string;
/** The payload of job N of queue Q. */
export type QueueJobPayload<Q extends QueueName, N extends QueueJobName<Q>> = QueueJobPayloads[Q][N];
