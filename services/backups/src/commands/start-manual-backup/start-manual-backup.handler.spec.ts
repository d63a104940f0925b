import { BackupJobNames, ErrorCode, type QueueNames } from '@bleedkits/contracts';
import type { TypedQueue } from '@bleedkits/platform';
import { codedRefusal, fixedClock, recordingQueue } from '@bleedkits/platform/testing';
import { TRANSACTION, aUser, anAdmin, auditDouble, backupRuns } from '../../../test/handler-doubles';
import { StartManualBackupHandler, manualRunKey } from './start-manual-backup.handler';

describe(StartManualBackupHandler.name, () => {
  const clock = fixedClock('2027-03-10T12:00:00Z');
  const setup = (o: { failWith?: Error } = {}) => {
    const { store, runs } = backupRuns();
    const { jobs, queue } = recordingQueue(o);
    const { audited, transactions, audit } = auditDouble();
    return {
      store,
      jobs,
      audited,
      transactions,
      handler: new StartManualBackupHandler(runs, clock, queue as unknown as TypedQueue<typeof QueueNames.backups>, audit),
    };
  };

  it('records the run in progress before answering, and queues one full backup job for it', async () => {
    const { store, jobs, handler } = setup();
    const res = await handler.execute({ actor: anAdmin });
    expect(res.message).toBe('Backup started');
    expect(res.backup).toMatchObject({ status: 'in_progress', isFullBackup: true, isAutomatic: false, createdAt: '2027-03-10T12:00:00.000Z' });
    expect(store.get(res.backup.id)!.runKey).toBe(manualRunKey(res.backup.id));
    expect(jobs).toEqual([
      { name: BackupJobNames.manualFull, data: { backupId: res.backup.id }, jobId: `manual-${res.backup.id}`, state: 'waiting' },
    ]);
  });

  it("records the admin's backup.started in the transaction that creates the run, naming the backup", async () => {
    const { audited, transactions, handler } = setup();
    const res = await handler.execute({ actor: anAdmin });
    expect(audited).toEqual([
      { actor: anAdmin, action: 'backup.started', target: { type: 'backup', id: res.backup.id, label: 'Manual backup' }, after: { kind: 'full' } },
    ]);
    expect(transactions).toEqual([TRANSACTION]);
  });

  it('when the queue is down, marks the run failed with the reason and asks the admin to try again', async () => {
    const { store, audited, handler } = setup({ failWith: new Error('Redis is down') });
    const body = await codedRefusal(handler.execute({ actor: anAdmin }));
    expect(body).toEqual({ code: ErrorCode.ServiceUnavailable, message: 'The backup could not be queued. Please try again.' });
    expect([...store.values()].map((r) => [r.status, r.errorMessage])).toEqual([
      ['failed', 'Backup failed: the job queue is unavailable (Redis is down)'],
    ]);
    // The admin did start it: the history shows it failed, and the trail keeps who asked.
    expect(audited.map((e) => e.action)).toEqual(['backup.started']);
  });

  it('refuses anyone but an admin, whatever the gateway let through, starting and recording nothing', async () => {
    const { store, jobs, audited, handler } = setup();
    expect((await codedRefusal(handler.execute({ actor: aUser }))).code).toBe(ErrorCode.Forbidden);
    expect([store.size, jobs, audited]).toEqual([0, [], []]);
  });
});
