import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type CreateFeedClientResponse, EmailTemplateIds, type SystemStatus } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { Clock, NatsBus } from '@bleedkits/platform';
import { freePort } from '@bleedkits/platform/testing';
import { HttpClient } from '../../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../../test/stack-harness';

const HOURS = 3_600_000;

/** Acceptance 3 of issue 25: /admin/status's facts change with a failed backup, stuck mail and a silent feed key. */
describe('/api/admin/status over HTTP', () => {
  let stack: Stack;
  let admin: HttpClient;
  let user: HttpClient;
  let dir: string;
  let outbox: string;
  let clock: Clock;
  let offsetMs = 0;

  const status = async (): Promise<SystemStatus> => {
    const res = await admin.get('/api/admin/status');
    expect(res.status).toBe(200);
    return res.body as SystemStatus;
  };
  const item = async (id: string) => (await status()).items.find((i) => i.id === id)!;
  const eventually = async (probe: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline)
        throw new Error(
          `condition not met in time; the status: ${JSON.stringify(await status())}; history: ${(await admin.get('/api/admin/backups')).text}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bk-e2e-status-'));
    outbox = await mkdtemp(path.join(os.tmpdir(), 'bk-e2e-status-mail-'));
    stack = await startStack({
      contexts: ['identity', 'kits', 'notifications', 'verification', 'backups'],
      serviceEnv: {
        kits: { POSTCODES_IO_BASE_URL: 'off' },
        // Nothing listens there: every e-mail waits in the outbox, retried.
        notifications: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, OUTBOX_DIR: outbox },
        backups: {
          BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          BACKUP_DIR: path.join(dir, 'backups'),
          BACKUP_SCHEDULE_ENABLED: 'false',
        },
      },
    });
    clock = stack.gateway.app.get(Clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + offsetMs));
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    user = new HttpClient(stack.baseUrl);
    const registered = await user.post('/api/auth/register', {
      email: 'status.user@example.org',
      password: 'Str0ng!pass',
      firstName: 'Plain',
      lastName: 'User',
    });
    expect(registered.status).toBeLessThan(300);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(outbox, { recursive: true, force: true });
  });
  afterEach(() => (offsetMs = 0));

  it('is for admins only: 401 signed out, 403 to a user', async () => {
    expect((await new HttpClient(stack.baseUrl).get('/api/admin/status')).status).toBe(401);
    const forbidden = await user.get('/api/admin/status');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe("You don't have permission to access this page. Admin access is required.");
  });

  it('a new register: no backup yet (red), Dropbox not connected and no reminder run yet (amber), e-mail and feeds green', async () => {
    const s = await status();
    expect(s.level).toBe('red');
    expect(Object.fromEntries(s.items.map((i) => [i.id, i.level]))).toEqual({
      backups: 'red',
      cloud_copies: 'amber',
      email: 'green',
      reminder_runs: 'amber',
      ambulance_feeds: 'green',
    });
    expect(s.items[0]).toEqual({ id: 'backups', title: 'Backups', level: 'red', reason: 'No backup has succeeded yet.' });
  });

  it('backups: green after a good backup, amber when the next one fails, red when no good one is 26 hours old', async () => {
    expect((await admin.post('/api/admin/backup')).status).toBe(202);
    await eventually(async () => (await item('backups')).level === 'green');
    expect((await item('backups')).reason).toMatch(/^The last good backup was \d+ minutes? ago\.$/);

    // The backup folder becomes a file: the next backup cannot be written and fails.
    await rm(path.join(dir, 'backups'), { recursive: true, force: true });
    await writeFile(path.join(dir, 'backups'), 'not a folder');
    expect((await admin.post('/api/admin/backup')).status).toBe(202);
    await eventually(async () => (await item('backups')).level === 'amber');
    expect((await item('backups')).reason).toMatch(/The last backup failed \d+ minutes? ago: Backup failed: /);

    offsetMs = 27 * HOURS;
    expect(await item('backups')).toMatchObject({
      level: 'red',
      reason: expect.stringMatching(/^The last good backup was 27 hours ago \(more than 26 hours\)\./),
    });
  });

  it('e-mail: red once a message has waited over 30 minutes (or failed)', async () => {
    expect((await item('email')).level).toBe('green');
    await stack.gateway.app.get(NatsBus).request(NotificationsSubjects.send, {
      idempotencyKey: `status-e2e:${randomBytes(4).toString('hex')}`,
      templateId: EmailTemplateIds.passwordReset,
      to: 'someone@example.org',
      variables: { firstName: 'Some', resetUrl: 'http://127.0.0.1/reset', expiresInMinutes: 60 },
    });
    offsetMs = 1 * HOURS;
    const mail = await item('email');
    expect(mail.level).toBe('red');
    expect(mail.reason).toMatch(/An e-mail has waited (60 minutes|1 hour) to be sent|e-mails? failed in the last 24 hours/);
  });

  it('ambulance feeds: a key never used is amber, one pulling is green, one silent for over 24 hours is red with its name', async () => {
    const created = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'north_west', label: 'NWAS CAD' });
    expect(created.status).toBe(201);
    const key = (created.body as CreateFeedClientResponse).key;
    expect(await item('ambulance_feeds')).toEqual({
      id: 'ambulance_feeds',
      title: 'Ambulance service feeds',
      level: 'amber',
      reason: 'NWAS CAD: never pulled yet.',
    });
    const machine = new HttpClient(stack.baseUrl);
    expect((await machine.get('/api/ambulance-feed/v1/kits', { authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await item('ambulance_feeds')).level).toBe('green');

    offsetMs = 25 * HOURS;
    expect(await item('ambulance_feeds')).toMatchObject({
      level: 'red',
      reason: 'NWAS CAD last pulled 25 hours ago: its control room has stopped pulling the feed.',
    });
  });
});
