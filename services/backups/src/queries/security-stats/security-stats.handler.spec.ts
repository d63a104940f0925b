import { backupKeys, backupRun, backupRuns, dropboxDouble, schedulersQueue } from '../../../test/handler-doubles';
import { BACKUP_SCHEDULER_IDS } from '../../schedules/backup-schedules';
import { SecurityStatsHandler } from './security-stats.handler';

describe(SecurityStatsHandler.name, () => {
  const schedulers = Object.values(BACKUP_SCHEDULER_IDS);
  /** Two kept good backups, a failed one, and a pruned good one the stats leave out. */
  const history = () =>
    backupRuns([
      backupRun('old', { createdAt: '2027-03-08T02:00:00.000Z', sizeBytes: 900 }),
      backupRun('newest', { createdAt: '2027-03-09T02:00:00.000Z', sizeBytes: 1234 }),
      backupRun('failed', { createdAt: '2027-03-10T02:00:00.000Z', status: 'failed', sizeBytes: null }),
      backupRun('pruned', { createdAt: '2027-03-01T02:00:00.000Z', prunedAt: '2027-03-08T02:00:00.000Z' }),
    ]).runs;

  it('counts the kept history and reports what is in force: the key loads, Dropbox is usable, both schedulers are in Redis', async () => {
    const { dropbox } = dropboxDouble({ connected: true });
    const handler = new SecurityStatsHandler(history(), backupKeys(), dropbox, schedulersQueue([...schedulers, 'something-else']));
    expect(await handler.execute()).toEqual({
      backupStats: { totalBackups: 2, latestBackupAt: '2027-03-09T02:00:00.000Z', latestBackupSize: 1234, failedBackups: 1 },
      securityStatus: { backupEncryptionEnabled: true, remoteBackupEnabled: true, backupSchedulerActive: true },
    });
  });

  it('reports encryption off when the key does not load, remote copies off without a usable connection, the scheduler off unless every one is there', async () => {
    const { dropbox } = dropboxDouble({ connected: false });
    const handler = new SecurityStatsHandler(
      history(),
      backupKeys(new Error('BACKUP_ENCRYPTION_KEY is required in production')),
      dropbox,
      schedulersQueue([schedulers[0]]),
    );
    expect((await handler.execute()).securityStatus).toEqual({
      backupEncryptionEnabled: false,
      remoteBackupEnabled: false,
      backupSchedulerActive: false,
    });
  });

  it('still answers, with those off, when the connection or Redis cannot be read', async () => {
    const { dropbox } = dropboxDouble({ unreadable: new Error('connection terminated') });
    const handler = new SecurityStatsHandler(
      history(),
      backupKeys(),
      dropbox,
      schedulersQueue(schedulers, new Error('connect ECONNREFUSED 127.0.0.1:6379')),
    );
    expect(await handler.execute()).toEqual({
      backupStats: { totalBackups: 2, latestBackupAt: '2027-03-09T02:00:00.000Z', latestBackupSize: 1234, failedBackups: 1 },
      securityStatus: { backupEncryptionEnabled: true, remoteBackupEnabled: false, backupSchedulerActive: false },
    });
  });

  it('answers zeros and nulls before the first backup', async () => {
    const { dropbox } = dropboxDouble();
    expect((await new SecurityStatsHandler(backupRuns().runs, backupKeys(), dropbox, schedulersQueue(schedulers)).execute()).backupStats).toEqual({
      totalBackups: 0,
      latestBackupAt: null,
      latestBackupSize: null,
      failedBackups: 0,
    });
  });
});
