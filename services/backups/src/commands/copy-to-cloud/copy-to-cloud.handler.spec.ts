import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fixedClock } from '@bleedkits/platform/testing';
import { backupRun, backupRuns, dropboxDouble } from '../../../test/handler-doubles';
import { BackupContext } from '../../backup-context';
import { readBackupsEnv } from '../../config/env';
import type { BackupRun } from '../../database/backup-run.repository';
import type { DropboxConnectionRepository } from '../../database/dropbox-connection.repository';
import { CopyToCloudHandler } from './copy-to-cloud.handler';

describe(CopyToCloudHandler.name, () => {
  const env = readBackupsEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'), BACKUP_DIR: os.tmpdir(), DROPBOX_FOLDER: '/register/' });
  const context = new BackupContext(env);
  const clock = fixedClock('2027-03-10T12:00:00Z');
  const setup = (run: BackupRun | null, o: Parameters<typeof dropboxDouble>[0] & { noConnection?: boolean } = {}) => {
    const r = backupRuns(run ? [run] : []);
    const d = dropboxDouble(o);
    const errors: string[] = [];
    const connections = {
      current: async () => (o.noConnection ? null : { mode: 'connected' }),
      recordError: async (message: string) => void errors.push(message),
    } as unknown as DropboxConnectionRepository;
    return { ...r, ...d, errors, handler: new CopyToCloudHandler(r.runs, d.cloud, context, d.dropbox, connections, clock) };
  };

  it('uploads a successful backup to the Dropbox folder and records where it went', async () => {
    const { handler, files, store } = setup(backupRun('b-1', { fileName: 'b-1.bkb' }));
    expect(await handler.execute('b-1')).toBe('uploaded');
    expect([...files]).toEqual([['/register/b-1.bkb', path.join(os.tmpdir(), 'b-1.bkb')]]);
    expect(store.get('b-1')).toMatchObject({ cloudCopyStatus: 'uploaded', cloudPath: '/register/b-1.bkb' });
  });

  it('skips a backup already uploaded, unfinished, missing, or without a connection (kept local only)', async () => {
    expect(await setup(backupRun('b-1', { cloudCopyStatus: 'uploaded' })).handler.execute('b-1')).toBe('skipped');
    expect(await setup(backupRun('b-1', { status: 'failed' })).handler.execute('b-1')).toBe('skipped');
    expect(await setup(null).handler.execute('b-1')).toBe('skipped');
    const none = setup(backupRun('b-1', { cloudCopyStatus: 'pending' }), { noConnection: true });
    expect(await none.handler.execute('b-1')).toBe('skipped');
    expect(none.store.get('b-1')!.cloudCopyStatus).toBe('local_only');
    expect(none.files.size).toBe(0);
  });

  it('forgets a backup pruned before its upload ran, copying nothing', async () => {
    const { handler, store, files } = setup(backupRun('b-1', { prunedAt: '2027-03-10T11:00:00.000Z' }));
    expect(await handler.execute('b-1')).toBe('skipped');
    expect(store.has('b-1')).toBe(false);
    expect(files.size).toBe(0);
  });

  it('deletes its own copy when the backup was pruned while it uploaded', async () => {
    const s = setup(backupRun('b-1'), { beforeUploadEnds: () => void (s.store.get('b-1')!.prunedAt = '2027-03-10T12:00:00.000Z') });
    expect(await s.handler.execute('b-1')).toBe('uploaded');
    expect(s.files.size).toBe(0);
    expect(s.store.has('b-1')).toBe(false);
  });

  it('a failed upload marks the copy failed, keeps the error on the connection and throws for BullMQ to retry', async () => {
    const { handler, store, errors } = setup(backupRun('b-1'), { failUploadWith: new Error('HTTP 503') });
    await expect(handler.execute('b-1')).rejects.toThrow('HTTP 503');
    expect(store.get('b-1')).toMatchObject({ cloudCopyStatus: 'failed', errorMessage: 'Cloud copy failed: HTTP 503' });
    expect(errors).toEqual(['Cloud copy failed: HTTP 503']);
  });

  it('a connection Dropbox refused fails the copy without a retry', async () => {
    const { handler, store } = setup(backupRun('b-1'), { connected: false });
    expect(await handler.execute('b-1')).toBe('skipped');
    expect(store.get('b-1')!.cloudCopyStatus).toBe('failed');
  });
});
