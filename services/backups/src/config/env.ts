import path from 'node:path';
import { bool, cleanEnv, num, str } from 'envalid';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@bleedkits/contracts';
import { readServiceEnv, withoutEmpty } from '@bleedkits/platform';
import { parseBackupKey } from '../archive/encrypted-archive';

export function readBackupsEnv(source: NodeJS.ProcessEnv = process.env) {
  const base = readServiceEnv(source);
  const own = cleanEnv(withoutEmpty(source), {
    BACKUP_ENCRYPTION_KEY: str({ default: undefined, desc: '32 bytes, base64 (openssl rand -base64 32); required in production' }),
    BACKUP_PREVIOUS_KEYS: str({ default: '', desc: 'comma-separated older keys, only to read backups made before a key change' }),
    BACKUP_DIR: str({ default: path.resolve('.data', 'backups'), desc: 'local backup folder; shared by every replica' }),
    BACKUP_FULL_CRON: str({ default: '0 2 * * 0', desc: 'weekly full backup, Europe/London (spec: Sunday 02:00)' }),
    BACKUP_INCREMENTAL_CRON: str({ default: '0 3 * * *', desc: 'daily incremental backup, Europe/London (spec: 03:00)' }),
    BACKUP_SCHEDULE_ENABLED: bool({ default: true }),
    BACKUP_PG_BIN_DIR: str({
      default: undefined,
      desc: 'folder of pg_dump, pg_restore and psql; default: the server version under /usr/lib/postgresql, then PATH',
    }),
    BACKUP_CHUNK_BYTES: num({ default: 1024 * 1024, desc: 'plaintext bytes per authenticated chunk' }),
    DROPBOX_APP_KEY: str({ default: undefined, desc: 'the Dropbox app key: enables "Connect Dropbox" (OAuth 2 with PKCE, offline access)' }),
    DROPBOX_APP_SECRET: str({ default: undefined, desc: 'the Dropbox app secret; optional with PKCE, sent when set' }),
    DROPBOX_AUTHORIZE_URL: str({ default: 'https://www.dropbox.com/oauth2/authorize', desc: "Dropbox's authorize page (tests: a local peer)" }),
    DROPBOX_API_URL: str({ default: 'https://api.dropboxapi.com' }),
    DROPBOX_CONTENT_URL: str({ default: 'https://content.dropboxapi.com' }),
    DROPBOX_FOLDER: str({ default: '/bleedkits-backups' }),
    DROPBOX_UPLOAD_CHUNK_BYTES: num({ default: 8 * 1024 * 1024, desc: 'files larger than this go up in an upload session of chunks this size' }),
    DROPBOX_TIMEOUT_MS: num({ default: 120_000 }),
    AUDIT_RETENTION_DAYS: num({ default: DEFAULT_AUDIT_RETENTION_DAYS, desc: 'days an audit entry is kept before the daily retention deletes it' }),
  });
  const env = { ...base, ...own };
  // A production register must never make backups it cannot keep secret, nor run without backups.
  if (env.NODE_ENV === 'production' && !env.BACKUP_ENCRYPTION_KEY) {
    throw new Error('Refusing to start backups in production without BACKUP_ENCRYPTION_KEY (32 bytes, base64: openssl rand -base64 32)');
  }
  if (env.BACKUP_ENCRYPTION_KEY) parseBackupKey(env.BACKUP_ENCRYPTION_KEY);
  for (const k of env.BACKUP_PREVIOUS_KEYS.split(',').filter((s) => s.trim())) parseBackupKey(k);
  if (env.BACKUP_CHUNK_BYTES < 1024 || env.BACKUP_CHUNK_BYTES > 64 * 1024 * 1024)
    throw new Error('BACKUP_CHUNK_BYTES must be between 1 KiB and 64 MiB');
  // Dropbox takes at most 150 MB per call and wants session chunks in multiples of 4 MiB (the fake in tests does not).
  if (env.DROPBOX_UPLOAD_CHUNK_BYTES < 1024 || env.DROPBOX_UPLOAD_CHUNK_BYTES > 150 * 1024 * 1024)
    throw new Error('DROPBOX_UPLOAD_CHUNK_BYTES must be between 1 KiB and 150 MB');
  return { ...env, BACKUP_DIR: path.resolve(env.BACKUP_DIR) };
}
export type BackupsEnv = ReturnType<typeof readBackupsEnv>;
export const BACKUPS_ENV = Symbol('BACKUPS_ENV');

/**
 * BullMQ worker settings, read when the worker is declared (a decorator's options are fixed at load). A replica that
 * dies mid-backup holds its job for BACKUP_JOB_LOCK_MS (renewed every half of it while alive); then another replica,
 * or the restarted one, runs the job again and finishes the same backup (its row is keyed by the run key). One job
 * at a time per replica: a backup holds a database snapshot and the global backup lock anyway.
 */
export function backupsWorkerOptions(source: NodeJS.ProcessEnv = process.env) {
  const env = cleanEnv(withoutEmpty(source), {
    BACKUP_JOB_LOCK_MS: num({ default: 30_000, desc: 'lock of a running backup job; a dead replica releases its job after this' }),
  });
  if (env.BACKUP_JOB_LOCK_MS < 1000) throw new Error('BACKUP_JOB_LOCK_MS must be at least 1000');
  return { concurrency: 1, lockDuration: env.BACKUP_JOB_LOCK_MS, stalledInterval: env.BACKUP_JOB_LOCK_MS, maxStalledCount: 3 };
}
