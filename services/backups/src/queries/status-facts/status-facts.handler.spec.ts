import { backupRun, backupRuns, dropboxDouble } from '../../../test/handler-doubles';
import { StatusFactsHandler } from './status-facts.handler';

describe(StatusFactsHandler.name, () => {
  it('answers the newest good and failed backups (with the failure) and the cloud connection as the status rule reads them', async () => {
    const r = backupRuns([
      backupRun('good-old', { createdAt: '2027-03-08T02:00:00.000Z' }),
      backupRun('good', { createdAt: '2027-03-09T02:00:00.000Z', cloudCopyStatus: 'uploaded' }),
      backupRun('failed-old', { createdAt: '2027-03-07T02:00:00.000Z', status: 'failed', errorMessage: 'older' }),
      backupRun('failed', { createdAt: '2027-03-10T02:00:00.000Z', status: 'failed', errorMessage: 'pg_dump: connection refused' }),
    ]);
    const { dropbox } = dropboxDouble({
      connection: {
        broken: true,
        lastCopyAt: '2027-03-09T02:10:00.000Z',
        lastError: 'Dropbox refused the connection',
        lastErrorAt: '2027-03-10T02:10:00.000Z',
        accountEmail: 'ops@example.org',
      },
    });
    expect(await new StatusFactsHandler(r.runs, dropbox).execute()).toEqual({
      lastGoodBackupAt: '2027-03-09T02:00:00.000Z',
      lastFailedBackupAt: '2027-03-10T02:00:00.000Z',
      lastBackupError: 'pg_dump: connection refused',
      cloud: {
        mode: 'connected',
        broken: true,
        connectedAt: '2027-03-01T09:00:00.000Z',
        lastCopyAt: '2027-03-09T02:10:00.000Z',
        lastError: 'Dropbox refused the connection',
        lastErrorAt: '2027-03-10T02:10:00.000Z',
      },
    });
  });

  it('answers nulls before the first backup and with no cloud connection', async () => {
    const { dropbox } = dropboxDouble({ connected: false });
    expect(await new StatusFactsHandler(backupRuns().runs, dropbox).execute()).toEqual({
      lastGoodBackupAt: null,
      lastFailedBackupAt: null,
      lastBackupError: null,
      cloud: { mode: 'none', broken: false, connectedAt: null, lastCopyAt: null, lastError: null, lastErrorAt: null },
    });
  });

  it('fails (so the status page shows backups as unknown) when the connection cannot be read', async () => {
    const { dropbox } = dropboxDouble({ unreadable: new Error('relation "backups.dropbox_connection" does not exist') });
    await expect(new StatusFactsHandler(backupRuns().runs, dropbox).execute()).rejects.toThrow('does not exist');
  });
});
