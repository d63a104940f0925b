import { randomBytes } from 'node:crypto';
import { backupsWorkerOptions, readBackupsEnv } from './env';

describe(readBackupsEnv.name, () => {
  const key = randomBytes(32).toString('base64');

  it('refuses a production start without a backup encryption key', () => {
    expect(() => readBackupsEnv({ NODE_ENV: 'production' })).toThrow(/without BACKUP_ENCRYPTION_KEY/);
    expect(() => readBackupsEnv({ NODE_ENV: 'production', BACKUP_ENCRYPTION_KEY: '' })).toThrow(/without BACKUP_ENCRYPTION_KEY/);
    expect(readBackupsEnv({ NODE_ENV: 'production', BACKUP_ENCRYPTION_KEY: key }).BACKUP_ENCRYPTION_KEY).toBe(key);
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/32 bytes/);
    expect(() => readBackupsEnv({ BACKUP_ENCRYPTION_KEY: 'not base64 at all, clearly!!!!!!!!!!!!!!!!' })).toThrow(/32 bytes/);
    expect(() => readBackupsEnv({ BACKUP_ENCRYPTION_KEY: key, BACKUP_PREVIOUS_KEYS: 'short' })).toThrow(/32 bytes/);
  });

  it('schedules per the spec by default: weekly full Sunday 02:00, daily incremental 03:00', () => {
    const env = readBackupsEnv({});
    expect(env.BACKUP_FULL_CRON).toBe('0 2 * * 0');
    expect(env.BACKUP_INCREMENTAL_CRON).toBe('0 3 * * *');
    expect(env.BACKUP_SCHEDULE_ENABLED).toBe(true);
  });

  it('holds a running backup job for BACKUP_JOB_LOCK_MS (30 s by default), one job at a time', () => {
    expect(backupsWorkerOptions({})).toEqual({ concurrency: 1, lockDuration: 30_000, stalledInterval: 30_000, maxStalledCount: 3 });
    expect(backupsWorkerOptions({ BACKUP_JOB_LOCK_MS: '3000' })).toMatchObject({ lockDuration: 3000, stalledInterval: 3000 });
    expect(() => backupsWorkerOptions({ BACKUP_JOB_LOCK_MS: '10' })).toThrow(/at least 1000/);
  });
});
