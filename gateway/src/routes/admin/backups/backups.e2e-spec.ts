import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BackupMessages, DropboxConnectionMessages } from '@bleedkits/contracts';
import { type DropboxFake, startDropboxFake } from '@bleedkits/backups';
import { HttpClient } from '../../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../../test/stack-harness';

describe('backups over HTTP', () => {
  let stack: Stack;
  let dropbox: DropboxFake;
  let dir: string;
  let admin: HttpClient;
  let user: HttpClient;

  beforeAll(async () => {
    dropbox = await startDropboxFake();
    dir = await mkdtemp(path.join(os.tmpdir(), 'bk-e2e-backups-'));
    stack = await startStack({
      contexts: ['identity', 'backups'],
      serviceEnv: {
        backups: {
          BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          BACKUP_DIR: dir,
          DROPBOX_API_URL: dropbox.url,
          DROPBOX_CONTENT_URL: dropbox.url,
          DROPBOX_APP_KEY: dropbox.appKey,
          DROPBOX_AUTHORIZE_URL: dropbox.authorizeUrl,
        },
      },
    });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    user = new HttpClient(stack.baseUrl);
    expect(
      (await user.post('/api/auth/register', { email: 'plain.user@example.org', password: 'Str0ng!pass', firstName: 'Plain', lastName: 'User' }))
        .status,
    ).toBeLessThan(300);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await dropbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const routes: [string, string, unknown?][] = [
    ['POST', '/api/admin/backup', {}],
    ['GET', '/api/admin/backups?page=1&limit=10'],
    ['GET', '/api/admin/security-stats'],
    ['POST', '/api/admin/dropbox-setup', { token: 'sl.some-token-of-twenty-characters' }],
    ['GET', '/api/admin/dropbox'],
    ['POST', '/api/admin/dropbox/connect', {}],
    ['GET', '/api/admin/dropbox/callback?code=abc&state=def'],
    ['POST', '/api/admin/dropbox/disconnect', {}],
  ];

  it('answers 401 signed out and 403 to a user on every backup route', async () => {
    const visitor = new HttpClient(stack.baseUrl);
    for (const [method, url, body] of routes) {
      expect((await visitor.request(method, url, body)).status).toBe(401);
      const forbidden = await user.request(method, url, body);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe("You don't have permission to access this page. Admin access is required.");
    }
  });

  it('Backup Now answers at once; the history then shows the backup succeeded, with a size', async () => {
    const started = await admin.post('/api/admin/backup');
    expect(started.status).toBe(202);
    expect(started.body.backup).toMatchObject({ status: 'in_progress', isFullBackup: true, isAutomatic: false });
    let page = (await admin.get('/api/admin/backups?page=1&limit=10')).body;
    for (let i = 0; i < 200 && page.data[0]?.status === 'in_progress'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      page = (await admin.get('/api/admin/backups?page=1&limit=10')).body;
    }
    expect(page.data).toEqual([
      {
        id: started.body.backup.id,
        createdAt: expect.any(String),
        status: 'success',
        isFullBackup: true,
        isAutomatic: false,
        sizeBytes: expect.any(Number),
        durationMs: expect.any(Number),
        fileName: expect.stringMatching(/^bleedkits-.*-full-.*\.bkb$/),
        cloudCopyStatus: 'local_only',
        errorMessage: null,
      },
    ]);
    expect(page.data[0].sizeBytes).toBeGreaterThan(1000);
    expect(page.pagination).toEqual({ total: 1, page: 1, pageSize: 10, pageCount: 1 });
    expect((await admin.get('/api/admin/backups?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/backups?limit=1000')).status).toBe(400);
  });

  it('reports the security stats', async () => {
    const res = await admin.get('/api/admin/security-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      backupStats: { totalBackups: 1, latestBackupAt: expect.any(String), latestBackupSize: expect.any(Number), failedBackups: 0 },
      securityStatus: { backupEncryptionEnabled: true, remoteBackupEnabled: false, backupSchedulerActive: true },
    });
  });

  it('validates the Dropbox token with the spec messages, checks it with Dropbox, then enables the cloud copy', async () => {
    const setup = (token: unknown) => admin.post('/api/admin/dropbox-setup', { token });
    const cases: [unknown, string[]][] = [
      ['', [BackupMessages.tokenRequired]],
      ['   ', [BackupMessages.tokenRequired]],
      ['short-token', [BackupMessages.tokenTooShort]],
      ['sl.abcdefghijklmnopqrstuvwxyz<script>', [BackupMessages.tokenInvalidCharacters]],
    ];
    for (const [token, errors] of cases) {
      const res = await setup(token);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(errors.join(' '));
    }
    const unknown = await setup('sl.never-issued-token-0123456789');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(BackupMessages.tokenRejected);

    dropbox.addToken('sl.e2e-good-token-0123456789abcdef');
    const ok = await setup('sl.e2e-good-token-0123456789abcdef');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: BackupMessages.dropboxConfigured });
    expect((await admin.get('/api/admin/security-stats')).body.securityStatus.remoteBackupEnabled).toBe(true);
  });

  it('Connect Dropbox: to Dropbox and back through the callback, then connected with its account; Disconnect revokes', async () => {
    const started = await admin.post('/api/admin/dropbox/connect', {});
    expect(started.status).toBe(200);
    const authorizeUrl = new URL(started.body.authorizeUrl);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${stack.baseUrl}/api/admin/dropbox/callback`);
    const atDropbox = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(atDropbox.headers.get('location')!);
    const returned = await admin.get(`${back.pathname}${back.search}`);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/admin/backups?dropbox=connected');
    const connection = await admin.get('/api/admin/dropbox');
    expect(connection.body).toMatchObject({ mode: 'connected', connectAvailable: true, accountEmail: 'backups@example.org', broken: false });

    // The same redirect again (a reload): refused, and the admin is told why on the page.
    const replayed = await admin.get(`${back.pathname}${back.search}`);
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get('location')).toBe(
      `/admin/backups?${new URLSearchParams({ dropbox: 'failed', reason: DropboxConnectionMessages.unknownState }).toString()}`,
    );

    const disconnected = await admin.post('/api/admin/dropbox/disconnect', {});
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toMatchObject({ message: DropboxConnectionMessages.disconnected, connection: { mode: 'none' } });
    expect(dropbox.refreshTokens()).toEqual([]);
  });
});
