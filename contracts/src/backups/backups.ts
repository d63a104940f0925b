import { rule, type RuleTable } from '../validation/rules';

/** Spec §3: a backup's state in the history. */
export const BACKUP_STATUSES = ['in_progress', 'success', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/**
 * Where the off-site copy of one backup stands: `local_only` (no Dropbox token when it was made), `pending`
 * (queued or being uploaded), `uploaded`, or `failed` (the upload is retried; the local backup still counts).
 */
export const CLOUD_COPY_STATUSES = ['local_only', 'pending', 'uploaded', 'failed'] as const;
export type CloudCopyStatus = (typeof CLOUD_COPY_STATUSES)[number];

/** One row of the backup history (GET /api/admin/backups). */
export type BackupRecord = {
  id: string;
  createdAt: string;
  status: BackupStatus;
  /** A full dump, or an incremental holding only the tables that changed since the backup before it. */
  isFullBackup: boolean;
  /** Scheduled (true) or Backup Now (false). */
  isAutomatic: boolean;
  /** Size of the encrypted file; null until it is written. */
  sizeBytes: number | null;
  durationMs: number | null;
  fileName: string | null;
  cloudCopyStatus: CloudCopyStatus;
  /** Why the backup, or its cloud copy, failed. */
  errorMessage: string | null;
};

export type BackupPagination = { total: number; page: number; pageSize: number; pageCount: number };
export type BackupPage = { data: BackupRecord[]; pagination: BackupPagination };

/** Spec §9: the history shows 10 backups a page. */
export const BACKUP_PAGE_SIZE = 10;
export const BACKUP_PAGE_SIZE_MAX = 100;

export type BackupListRequest = { page: number; limit: number };

/** GET /api/admin/security-stats. */
export type BackupSecurityStats = {
  backupStats: { totalBackups: number; latestBackupAt: string | null; latestBackupSize: number | null; failedBackups: number };
  securityStatus: { backupEncryptionEnabled: boolean; remoteBackupEnabled: boolean; backupSchedulerActive: boolean };
};

/** POST /api/admin/backup answers at once; the backup runs as a job and the history shows its progress. */
export type StartBackupResponse = { message: string; backup: BackupRecord };

/** POST /api/admin/dropbox-setup. */
export type DropboxSetupRequest = { token: string };
export type DropboxSetupResponse = { message: string };

/** Spec §9: the schedule (Europe/London) and retention. */
export const BACKUP_SCHEDULE = {
  incremental: 'Daily incremental backup at 3:00 AM',
  full: 'Weekly full backup on Sunday at 2:00 AM',
  retention: 'Retention: last 7 daily, 4 weekly, 3 monthly',
} as const;
export const BACKUP_RETENTION = { daily: 7, weekly: 4, monthly: 3 } as const;

/** Spec §9: what the Dropbox app behind the token must be allowed to do. */
export const DROPBOX_REQUIRED_PERMISSIONS = ['files.content.read', 'files.content.write'] as const;
export const DROPBOX_TOKEN_MIN_LENGTH = 20;

/** Spec §5 and §8, word for word. */
export const BackupMessages = {
  tokenRequired: 'Please enter a Dropbox access token',
  tokenTooShort: 'Your Dropbox token must be at least 20 characters long',
  tokenInvalidCharacters: "Your token contains invalid characters. Please ensure you've copied the full token correctly",
  dropboxConfigured: 'Dropbox configured successfully!',
  dropboxFailed: 'Failed to configure Dropbox. Please try again.',
  loadFailed: 'Failed to load backup information. Please try again later.',
  noHistory: 'No backup history found',
  backupStartedTitle: 'Backup initiated',
  backupStartedText: 'Database backup process has been started successfully.',
  backupFailedTitle: 'Backup failed',
  backupFailedText: 'There was a problem starting the backup process.',
  /** Our own words where the spec shows none. */
  tokenRejected: 'Dropbox did not accept this token. Please check that you copied the whole token and that it has not expired.',
  tokenMissingWrite:
    'This token lacks the files.content.write permission. Enable files.content.read and files.content.write for your Dropbox app, then generate a new token.',
  dropboxUnreachable: 'Could not reach Dropbox to check the token. Please try again.',
} as const;

/** Spec §5: the token form's rules, run by the web form and by the gateway's DTO. */
export const dropboxTokenRules: RuleTable<'token'> = {
  token: [
    rule.required(BackupMessages.tokenRequired),
    {
      message: BackupMessages.tokenTooShort,
      test: (v) => typeof v !== 'string' || v.trim() === '' || v.trim().length >= DROPBOX_TOKEN_MIN_LENGTH,
    },
    { message: BackupMessages.tokenInvalidCharacters, test: (v) => typeof v !== 'string' || !/[<>]/.test(v) },
  ],
};

/** Dropbox access tokens are a few hundred characters; anything far longer is not one. */
export const DROPBOX_TOKEN_MAX_LENGTH = 4096;

/**
 * Jobs of the backups queue (QueueNames.backups). Scheduled ticks carry only the kind (the tick's time is in the
 * scheduler's job id); Backup Now carries the history row it created; a cloud copy names the backup it uploads.
 */
export const BackupJobNames = {
  scheduledFull: 'scheduled-full',
  scheduledIncremental: 'scheduled-incremental',
  manualFull: 'manual-full',
  cloudCopy: 'cloud-copy',
} as const;
export type BackupJobName = (typeof BackupJobNames)[keyof typeof BackupJobNames];
export type ScheduledBackupJob = { kind: 'full' | 'incremental' };
export type ManualBackupJob = { backupId: string };
export type CloudCopyJob = { backupId: string };
