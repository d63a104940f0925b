import { BackupJobNames, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal, fixedClock, recordingQueue } from '@bleedkits/platform/testing';
import type { Queue } from 'bullmq';
import { backupRuns } from '../../../test/handler-doubles';
import { StartManualBackupHandler, manualRunKey } from './start-manual-backup.handler';

describe(StartManualBackupHandler.name, () => {
  const clock = fixedClock('2027-03-10T12:00:00Z');

  it('records the run in progress before answering, and queues one full backup job for it', async () => {
    const { store, runs } = backupRuns();
    const { jobs, queue } = recordingQueue();
    const res = await new StartManualBackupHandler(runs, clock, queue as unknown as Queue).execute();
    expect(res.message).toBe('Backup started');
    expect(res.backup).toMatchObject({ status: 'in_progress', isFullBackup: true, isAutomatic: false, createdAt: '2027-03-10T12:00:00.000Z' });
    expect(store.get(res.backup.id)!.runKey).toBe(manualRunKey(res.backup.id));
    expect(jobs).toEqual([
      { name: BackupJobNames.manualFull, data: { backupId: res.backup.id }, jobId: `manual-${res.backup.id}`, state: 'waiting' },
    ]);
  });

  it('when the queue is down, marks the run failed with the reason and asks the admin to try again', async () => {
    const { store, runs } = backupRuns();
    const { queue } = recordingQueue({ failWith: new Error('Redis is down') });
    const body = await codedRefusal(new StartManualBackupHandler(runs, clock, queue as unknown as Queue).execute());
    expect(body).toEqual({ code: ErrorCode.ServiceUnavailable, message: 'The backup could not be queued. Please try again.' });
    expect([...store.values()].map((r) => [r.status, r.errorMessage])).toEqual([
      ['failed', 'Backup failed: the job queue is unavailable (Redis is down)'],
    ]);
  });
});
