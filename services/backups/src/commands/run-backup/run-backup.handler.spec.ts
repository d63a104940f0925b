import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { BackupJobNames, type QueueNames } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import { fixedClock, recordingQueue } from '@bleedkits/platform/testing';
import { backupRun, backupRuns, dropboxDouble } from '../../../test/handler-doubles';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import { toRecord } from '../../database/backup-run.repository';
import type { ApplyRetentionHandler } from '../apply-retention/apply-retention.handler';
import { RunBackupHandler, backupFileName } from './run-backup.handler';

/**
 * The rules around a backup that need no database: a run key already done answers its backup again, and the cloud
 * copy queue keeps one live job per backup. Writing the backup itself (the advisory lock, pg_dump, the encrypted
 * file) runs against real Postgres in backups.integration-spec.ts and retention.integration-spec.ts.
 */
describe(RunBackupHandler.name, () => {
  // No database behind this URL: a handler that reached for the lock would fail the spec.
  const env = readBackupsEnv({
    BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    BACKUP_DIR: os.tmpdir(),
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  });
  const setup = () => {
    const r = backupRuns([backupRun('done', { runKey: 'schedule:2027-03-10T02:00' })]);
    const q = recordingQueue();
    const retention = { execute: async () => ({ pruned: [] }) } as unknown as ApplyRetentionHandler;
    const { dropbox } = dropboxDouble();
    const handler = new RunBackupHandler(
      r.runs,
      new BackupContext(env),
      retention,
      fixedClock(),
      dropbox,
      q.queue as unknown as TypedQueue<typeof QueueNames.backups>,
    );
    return { ...r, ...q, handler };
  };

  it('answers the backup of a run key that already succeeded, making no second one', async () => {
    const { handler, store } = setup();
    const res = await handler.execute({ runKey: 'schedule:2027-03-10T02:00', requested: 'full', automatic: true });
    expect(res).toEqual(toRecord(store.get('done')!));
    expect(store.size).toBe(1);
  });

  it('queues one live cloud copy per backup, and replaces a finished or failed one so the copy is tried again', async () => {
    const { handler, jobs, settle } = setup();
    await handler.queueCloudCopy('b-1');
    await handler.queueCloudCopy('b-1');
    expect(jobs).toEqual([{ name: BackupJobNames.cloudCopy, data: { backupId: 'b-1' }, jobId: 'cloud-copy-b-1', state: 'waiting' }]);
    settle('cloud-copy-b-1', 'active');
    await handler.queueCloudCopy('b-1');
    expect(jobs.map((j) => j.state)).toEqual(['active']);
    for (const state of ['failed', 'completed']) {
      settle('cloud-copy-b-1', state);
      await handler.queueCloudCopy('b-1');
      expect(jobs.map((j) => [j.jobId, j.state])).toEqual([['cloud-copy-b-1', 'waiting']]);
    }
  });

  it('names a backup file by its UTC time, kind and id', () => {
    expect(backupFileName(new Date('2027-03-10T02:00:05.123Z'), 'incremental', '0123456789abcdef')).toBe(
      'bleedkits-2027-03-10T02-00-05Z-incremental-01234567.bkb',
    );
  });
});
