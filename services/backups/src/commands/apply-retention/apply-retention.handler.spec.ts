import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixedClock } from '@bleedkits/platform/testing';
import { backupRun, backupRuns, dropboxDouble } from '../../../test/handler-doubles';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import { ApplyRetentionHandler } from './apply-retention.handler';

describe(ApplyRetentionHandler.name, () => {
  const clock = fixedClock('2027-03-10T12:00:00Z');
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'retention-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  /** Two full backups on one day (the older one is neither a day's, a week's nor a month's newest) and older history. */
  const setup = async (o: Parameters<typeof dropboxDouble>[0] = {}) => {
    const context = new BackupContext(readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'), BACKUP_DIR: directory }));
    const r = backupRuns([
      backupRun('early', { createdAt: '2027-03-10T02:00:00.000Z', fileName: 'early.bkb' }),
      backupRun('late', { createdAt: '2027-03-10T03:00:00.000Z', fileName: 'late.bkb' }),
      backupRun('failed-before', { createdAt: '2027-03-09T02:00:00.000Z', status: 'failed', fileName: null }),
      backupRun('pruned-uploaded', {
        createdAt: '2026-01-01T02:00:00.000Z',
        prunedAt: '2027-03-01T00:00:00.000Z',
        cloudCopyStatus: 'uploaded',
        cloudPath: '/register/pruned-uploaded.bkb',
      }),
    ]);
    for (const f of ['early.bkb', 'late.bkb']) await writeFile(path.join(directory, f), 'backup');
    const d = dropboxDouble(o);
    d.files.set('/register/pruned-uploaded.bkb', 'x');
    return { ...r, ...d, handler: new ApplyRetentionHandler(r.runs, d.cloud, context, clock, d.dropbox) };
  };

  it('prunes what the plan drops, deleting its file, and the cloud copies of pruned backups; forgets failures older than every kept backup', async () => {
    const { handler, store, files } = await setup();
    expect(await handler.execute()).toEqual({ pruned: ['early.bkb'] });
    expect(existsSync(path.join(directory, 'early.bkb'))).toBe(false);
    expect(existsSync(path.join(directory, 'late.bkb'))).toBe(true);
    // The pruned local-only backup has nothing left anywhere: forgotten with the cloud copy's row.
    expect([...store.keys()]).toEqual(['late']);
    expect(files.size).toBe(0);
  });

  it('keeps a pruned backup whose cloud copy could not be deleted, for the next run to try again', async () => {
    const { handler, store, files } = await setup({ failRemoveWith: new Error('HTTP 503') });
    await handler.execute();
    expect(store.get('pruned-uploaded')).toMatchObject({ cloudCopyStatus: 'uploaded' });
    expect(files.has('/register/pruned-uploaded.bkb')).toBe(true);
  });

  it('without a usable connection deletes nothing in the cloud, still pruning locally', async () => {
    const { handler, store, tokensUsed } = await setup({ connected: false });
    expect(await handler.execute()).toEqual({ pruned: ['early.bkb'] });
    expect(tokensUsed).toEqual([]);
    expect(store.has('pruned-uploaded')).toBe(true);
  });
});
