import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueueNames } from '@bleedkits/contracts';
import { type DropboxFake, startDropboxFake } from '@bleedkits/backups';
import { HttpClient } from '../../test/http-client';
import { exampleKit } from '../../test/example-kit';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { readUntil } from '@bleedkits/platform/testing';

type Sample = { labels: Record<string, string>; value: number };

/** The samples of one metric in Prometheus' text format. */
function samplesOf(text: string, name: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    samples.push({ labels, value: Number(m[3]) });
  }
  return samples;
}

/**
 * ISSUE 25, acceptance 2: after a backup with its cloud copy, an e-mail, a reminder run and a feed pull, the
 * management port's /metrics holds every figure the alert rules watch, each with a value that says what happened.
 * The stack runs in one process, so one scrape shows the gateway's and every context's metrics.
 */
describe('operations metrics on the management port', () => {
  let stack: Stack;
  let dropbox: DropboxFake;
  let dir: string;
  let admin: HttpClient;
  const startedAt = Date.now() / 1000;

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${stack.gateway.managementPort}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const value = (text: string, name: string, labels: Record<string, string> = {}) =>
    samplesOf(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

  beforeAll(async () => {
    dropbox = await startDropboxFake();
    dir = await mkdtemp(path.join(os.tmpdir(), 'bk-e2e-ops-metrics-'));
    stack = await startStack({
      contexts: ['identity', 'kits', 'geo-search', 'verification', 'notifications', 'backups'],
      gatewayEnv: { LOGIN_FREE_FAILURES_PER_CLIENT: '1' },
      serviceEnv: {
        backups: {
          BACKUP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          BACKUP_DIR: path.join(dir, 'backups'),
          DROPBOX_API_URL: dropbox.url,
          DROPBOX_CONTENT_URL: dropbox.url,
        },
        notifications: { OUTBOX_DIR: path.join(dir, 'outbox') },
      },
    });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await dropbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows backups, cloud copies, e-mail, queues, reminder runs, feed lag, feed keys and sign-ins with real values', async () => {
    // Sign-ins: a wrong password, then attempts refused while that client is locked out.
    const stranger = new HttpClient(stack.baseUrl);
    const attempts: number[] = [];
    for (let i = 0; i < 4 && !attempts.includes(429); i++)
      attempts.push((await stranger.post('/api/auth/login', { email: 'nobody@example.org', password: 'Wr0ng!password' })).status);
    expect(attempts).toContain(401);
    expect(attempts).toContain(429);

    // A backup with its cloud copy (a pasted token, as older Dropbox apps have).
    dropbox.addToken('sl.ops-metrics-token-0123456789abcdef');
    expect((await admin.post('/api/admin/dropbox-setup', { token: 'sl.ops-metrics-token-0123456789abcdef' })).status).toBe(200);
    const backup = await admin.post('/api/admin/backup');
    expect(backup.status).toBe(202);
    await readUntil(
      async () => (await admin.get('/api/admin/backups?page=1&limit=10')).body.data[0],
      (run) => run.status !== 'in_progress' && run.cloudCopyStatus !== 'pending',
      60_000,
    ).then((run) => expect(run).toMatchObject({ status: 'success', cloudCopyStatus: 'uploaded' }));

    // An e-mail (a contact message to the admins and its copy to the sender) and a reminder run.
    const contact = { name: 'Sam Visitor', email: 'sam@example.org', subject: 'Kit at the library', message: 'The kit at the library looks opened.' };
    expect((await new HttpClient(stack.baseUrl).post('/api/contact', contact)).status).toBe(202);
    const run = await admin.post('/api/admin/verification-reminders/run');
    expect(run.status).toBe(202);
    await readUntil(
      async () => (await admin.get(`/api/admin/verification-reminders/runs/${run.body.runId}`)).body,
      (r) => r?.status === 'done' || r?.status === 'failed',
      60_000,
    ).then((r) => expect(r.status).toBe('done'));

    // A kit approved (the feed's head moves) and a control room's pull with its key.
    const kit = await admin.post('/api/bleed-kits', exampleKit());
    expect(kit.status).toBe(201);
    const client = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'north_west', label: 'NW control room' });
    expect(client.status).toBe(201);
    const pull = await new HttpClient(stack.baseUrl).get('/api/ambulance-feed/v1/kits', { authorization: `Bearer ${client.body.key}` });
    expect(pull.status).toBe(200);

    const text = await readUntil(
      scrape,
      (t) =>
        (value(t, 'bk_email_messages_last_hour', { status: 'sent' }) ?? 0) >= 1 &&
        value(t, 'bk_feed_lag_revisions', { consumer: 'verification' }) === 0 &&
        value(t, 'bk_feed_lag_revisions', { consumer: 'geo-search' }) === 0,
      60_000,
    );
    const now = Date.now() / 1000 + 1;
    const within = (v: number | undefined) => ({ value: v, recent: v !== undefined && v >= startedAt - 1 && v <= now });

    // Backups and the cloud copy: when, and no failures since.
    expect(within(value(text, 'bk_backup_last_success_timestamp_seconds'))).toMatchObject({ recent: true });
    expect(within(value(text, 'bk_backup_last_cloud_copy_timestamp_seconds'))).toMatchObject({ recent: true });
    expect(value(text, 'bk_backup_failures', { kind: 'backup' })).toBe(0);
    expect(value(text, 'bk_backup_failures', { kind: 'cloud_copy' })).toBe(0);

    // E-mail: sent in the last hour, none failed, none waiting long.
    expect(value(text, 'bk_email_messages_last_hour', { status: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'bk_email_messages_last_hour', { status: 'failed' })).toBe(0);
    expect(value(text, 'bk_email_messages', { status: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(value(text, 'bk_email_oldest_queued_seconds')).toBeLessThan(60);

    // Every queue the contexts use: waiting, active and failed counts, and the oldest waiting job's age.
    for (const queue of [QueueNames.backups, QueueNames.emailDelivery, QueueNames.verificationReminders]) {
      for (const state of ['waiting', 'active', 'failed'])
        expect({ queue, state, count: value(text, 'bk_queue_jobs', { queue, state }) }).toEqual({ queue, state, count: expect.any(Number) });
      expect({ queue, age: value(text, 'bk_queue_oldest_waiting_seconds', { queue }) }).toEqual({ queue, age: expect.any(Number) });
    }
    expect(value(text, 'bk_queue_jobs', { queue: QueueNames.backups, state: 'completed' })).toBeGreaterThanOrEqual(1);

    // The reminder run: finished now, no failed attempt.
    expect(within(value(text, 'bk_reminder_run_last_success_timestamp_seconds', { kind: 'reminder-run' }))).toMatchObject({ recent: true });
    expect(value(text, 'bk_reminder_run_failures', { kind: 'reminder-run' })).toBe(0);

    // Both consumers of the kits feed hold the new kit, and read up to the head within seconds.
    for (const consumer of ['geo-search', 'verification']) {
      expect({ consumer, revisions: value(text, 'bk_feed_lag_revisions', { consumer }) }).toEqual({ consumer, revisions: 0 });
      expect({ consumer, seconds: value(text, 'bk_feed_lag_seconds', { consumer }) }).toEqual({ consumer, seconds: expect.any(Number) });
      expect(value(text, 'bk_feed_lag_seconds', { consumer })).toBeLessThan(60);
    }

    // The feed key's pull.
    expect(
      within(
        value(text, 'bk_ambulance_feed_key_last_pull_timestamp_seconds', {
          key_id: client.body.client.id,
          scope: 'north_west',
          label: 'NW control room',
        }),
      ),
    ).toMatchObject({ recent: true });

    // Sign-ins refused by identity, and attempts refused while locked out.
    expect(samplesOf(text, 'bk_signin_failures_total').reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(1);
    expect(value(text, 'bk_signin_lockouts_total')).toBeGreaterThanOrEqual(1);

    // Readiness, as /readyz answers it.
    expect(value(text, 'bk_ready')).toBe(1);
  });

  it('counts a failed cloud copy, and the backup itself still as good', async () => {
    const lastGood = value(await scrape(), 'bk_backup_last_success_timestamp_seconds')!;
    dropbox.failNext('files/upload', 50, 500);
    dropbox.failNext('files/upload_session/start', 50, 500);
    const backup = await admin.post('/api/admin/backup');
    expect(backup.status).toBe(202);
    const run = await readUntil(
      async () => (await admin.get('/api/admin/backups?page=1&limit=10')).body.data[0],
      (r) => r.id === backup.body.backup.id && r.status !== 'in_progress' && r.cloudCopyStatus !== 'pending',
      60_000,
    );
    expect(run).toMatchObject({ status: 'success', cloudCopyStatus: 'failed' });
    const after = await scrape();
    expect(value(after, 'bk_backup_failures', { kind: 'cloud_copy' })).toBe(1);
    expect(value(after, 'bk_backup_failures', { kind: 'backup' })).toBe(0);
    expect(value(after, 'bk_backup_last_success_timestamp_seconds')).toBeGreaterThan(lastGood);
  });
});
