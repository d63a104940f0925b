import type { INestMicroservice } from '@nestjs/common';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type BackupRecord, DropboxConnectionMessages, EmailTemplateIds, ErrorCode, QueueNames, systemStatusOf } from '@bleedkits/contracts';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { redisConnectionOptions } from '@bleedkits/platform';
import { rejection, runningClock } from '@bleedkits/platform/testing';
import { IdentityModule, readIdentityEnv } from '@bleedkits/identity';
import { NotificationsModule, readNotificationsEnv } from '@bleedkits/notifications';
import { type BackupsHarness, eventually, startBackupsHarness } from '../test/backups-harness';

const HOURS = 3_600_000;
const CALLBACK = 'http://127.0.0.1:8080/api/admin/dropbox/callback';

jest.setTimeout(60_000);

/** The peer's calls other than the authorize page: Dropbox API calls and the token endpoint. */
const apiCalls = (calls: string[]) => calls.filter((c) => c !== '/oauth2/authorize');

describe('Connect Dropbox (OAuth 2 with PKCE) against a local Dropbox peer, with real Postgres, Redis and NATS', () => {
  let h: BackupsHarness;
  let backups: INestMicroservice;
  // The backups' own clock, moved by the test (the peer's clock moves separately: tokens expire on Dropbox's time).
  const clock = runningClock();
  let four: BackupRecord;
  let outboxDir: string;
  const ADMIN_EMAIL = 'register.admin@example.org';
  /** The admin as the gateway passes them on (the handlers record who acted; they do not look the user up). */
  const ADMIN = { id: '5b0f7c1e-0000-4000-8000-00000000a002', role: 'admin' as const, email: ADMIN_EMAIL };
  /** The Dropbox entries of the trail as stored, each row whole as JSON text too. */
  const dropboxTrail = async () =>
    (await query(`SELECT row_to_json(a)::text AS json FROM backups.audit_entries a WHERE target_type = 'cloud-storage' ORDER BY at, id`)).map(
      (r: { json: string }) => ({ json: r.json, row: JSON.parse(r.json) as Record<string, unknown> }),
    );
  const ACCOUNT = 'Register Backups <backups@example.org>';

  const query = async (sql: string) => {
    const c = new Client({ connectionString: h.bed.db.url });
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end();
    }
  };
  /** Dropbox's authorize page approves at once; the redirect back carries the code and the state. */
  const authorize = async () => {
    const { authorizeUrl } = await h.bed.bus.request(BackupsSubjects.connectDropbox, { redirectUri: CALLBACK });
    const res = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    return { authorizeUrl: new URL(authorizeUrl), code: back.searchParams.get('code'), state: back.searchParams.get('state'), back };
  };
  /** One tick of the status check's job scheduler: a job on its queue, run by the notifications worker. */
  let ticks = 0;
  const statusCheckTick = async () => {
    const queue = new Queue(QueueNames.statusAlerts, { connection: redisConnectionOptions(h.bed.env.REDIS_URL), prefix: h.bed.env.QUEUE_PREFIX });
    try {
      const job = await queue.add('status-check', {}, { jobId: `test-tick-${++ticks}` });
      await eventually(
        () => job.getState(),
        (state) => state === 'completed' || state === 'failed',
      );
      expect(await job.getState()).toBe('completed');
    } finally {
      await queue.close();
    }
  };
  const backupAndCopy = async (): Promise<BackupRecord> => {
    const started = await h.bed.bus.request(BackupsSubjects.startManual, { actor: ADMIN });
    const page = await eventually(
      () => h.history(),
      (p) => {
        const b = p.data.find((r) => r.id === started.backup.id);
        return b?.status === 'failed' || (b?.status === 'success' && (b.cloudCopyStatus === 'uploaded' || b.cloudCopyStatus === 'failed'));
      },
      40_000,
    );
    return page.data.find((r) => r.id === started.backup.id)!;
  };

  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'bk-dropbox-alerts-'));
    // Identity (the admin to alert) and notifications (the status check and its e-mail) beside backups.
    h = await startBackupsHarness('backups-dropbox-oauth', async (bed) => {
      await bed.start('identity', IdentityModule.forRoot(readIdentityEnv({ ...bed.env, ADMIN_EMAIL, ADMIN_PASSWORD: 'Adm1n!Password' })));
      await bed.start('notifications', NotificationsModule.forRoot(readNotificationsEnv({ ...bed.env, OUTBOX_DIR: outboxDir })));
    });
    backups = await h.startReplica(
      { DROPBOX_APP_KEY: h.dropbox.appKey, DROPBOX_AUTHORIZE_URL: h.dropbox.authorizeUrl, BACKUP_SCHEDULE_ENABLED: 'false' },
      { clock },
    );
    expect(backups).toBeDefined();
  });
  afterAll(async () => {
    await h?.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('connects with PKCE and offline access; the refresh token is stored sealed; a replayed or crossed redirect is refused', async () => {
    expect(await h.bed.bus.request(BackupsSubjects.dropboxConnection, {})).toMatchObject({ mode: 'none', connectAvailable: true, broken: false });

    const first = await authorize();
    expect(Object.fromEntries(first.authorizeUrl.searchParams)).toMatchObject({
      client_id: h.dropbox.appKey,
      response_type: 'code',
      token_access_type: 'offline',
      code_challenge_method: 'S256',
      redirect_uri: CALLBACK,
    });
    // Two requests under way, their redirects crossed: the code of one with the state (and so the verifier) of the
    // other fails the peer's S256 check.
    const second = await authorize();
    const crossed = await rejection(
      h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, code: second.code, state: first.state }),
    );
    expect(crossed.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: DropboxConnectionMessages.codeRefused });

    const third = await authorize();
    const finished = await h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, code: third.code, state: third.state });
    expect(finished.message).toBe(DropboxConnectionMessages.connected);
    expect(finished.connection).toMatchObject({
      mode: 'connected',
      accountName: 'Register Backups',
      accountEmail: 'backups@example.org',
      broken: false,
      lastCopyAt: null,
    });
    const replay = await rejection(
      h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, code: third.code, state: third.state }),
    );
    expect(replay.body.message).toBe(DropboxConnectionMessages.unknownState);
    // One entry for the one connection made (none for the crossed or replayed redirect), naming the account, no token.
    const trail = await dropboxTrail();
    expect(trail.map((e) => e.row)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN.id,
        actor_email: ADMIN_EMAIL,
        actor_role: 'admin',
        action: 'cloud-storage.connected',
        target_type: 'cloud-storage',
        target_id: 'dropbox',
        target_label: 'Dropbox',
        before: null,
        after: { account: ACCOUNT, method: 'oauth' },
      }),
    ]);

    const [refreshToken] = h.dropbox.refreshTokens();
    expect(refreshToken).toBeDefined();
    for (const secret of [refreshToken, third.code!, first.code!, second.code!]) expect(trail[0].json).not.toContain(secret);
    const [stored] = await query(`SELECT mode, secret_sealed FROM backups.dropbox_connection`);
    expect(stored.mode).toBe('connected');
    expect(stored.secret_sealed).not.toContain(refreshToken);
    expect(await query(`SELECT * FROM backups.dropbox_authorizations WHERE state = '${third.state}'`)).toEqual([]);
  });

  it('an access token that expires between two backups is refreshed and the copy succeeds', async () => {
    const one = await backupAndCopy();
    expect(one.cloudCopyStatus).toBe('uploaded');

    // Dropbox's clock passes the token's four hours while the register's does not: the first call (retention's
    // delete of the older copy of the day, or the upload) is refused with expired_access_token, the token is
    // refreshed once and the call repeated.
    h.dropbox.advance(5 * HOURS);
    h.dropbox.calls.length = 0;
    const two = await backupAndCopy();
    expect(two.cloudCopyStatus).toBe('uploaded');
    const afterExpiry = apiCalls(h.dropbox.calls);
    expect(afterExpiry.filter((c) => c === '/oauth2/token')).toHaveLength(1);
    expect(afterExpiry[0]).not.toBe('/oauth2/token');
    expect(afterExpiry[afterExpiry.indexOf('/oauth2/token') + 1]).toBe(afterExpiry[0]);

    // Both clocks pass the next token's lifetime: the register renews it before uploading.
    h.dropbox.advance(5 * HOURS);
    clock.advance(5 * HOURS);
    h.dropbox.calls.length = 0;
    const three = await backupAndCopy();
    expect(three.cloudCopyStatus).toBe('uploaded');
    const beforeExpiry = apiCalls(h.dropbox.calls);
    expect(beforeExpiry[0]).toBe('/oauth2/token');
    expect(beforeExpiry.filter((c) => c === '/oauth2/token')).toHaveLength(1);
    expect(h.dropbox.files.has(`/bleedkits-backups/${three.fileName}`.toLowerCase())).toBe(true);

    const connection = await h.bed.bus.request(BackupsSubjects.dropboxConnection, {});
    expect(connection).toMatchObject({ mode: 'connected', broken: false, lastError: null });
    expect(new Date(connection.lastCopyAt!).getTime()).toBeGreaterThan(Date.now() + 4 * HOURS);
    const status = systemStatusOf(
      { backups: await h.bed.bus.request(BackupsSubjects.statusFacts, {}), mail: null, reminders: null, feeds: null },
      clock.now(),
    );
    expect(status.items.find((i) => i.id === 'cloud_copies')).toMatchObject({ level: 'green' });
  });

  it('a revoked refresh token marks the connection broken: the copy fails with the reason and the status turns red', async () => {
    h.dropbox.revokeAll();
    four = await backupAndCopy();
    expect(four).toMatchObject({ status: 'success', cloudCopyStatus: 'failed' });
    expect(four.errorMessage).toBe(`Cloud copy failed: ${DropboxConnectionMessages.broken}`);
    const connection = await h.bed.bus.request(BackupsSubjects.dropboxConnection, {});
    expect(connection).toMatchObject({ mode: 'connected', broken: true });
    expect(connection.lastError).toContain(DropboxConnectionMessages.broken);
    // Dropbox's own words are kept: an operator reading the connection's error sees the refused grant.
    expect((await query(`SELECT broken_at IS NOT NULL AS broken, last_error FROM backups.dropbox_connection`))[0].broken).toBe(true);
    const facts = await h.bed.bus.request(BackupsSubjects.statusFacts, {});
    const status = systemStatusOf({ backups: facts, mail: null, reminders: null, feeds: null }, clock.now());
    expect(status.items.find((i) => i.id === 'cloud_copies')).toMatchObject({ level: 'red', reason: expect.stringContaining('no longer accepts') });
    expect(status.items.find((i) => i.id === 'backups')).toMatchObject({ level: 'green' });
    expect((await h.bed.bus.request(BackupsSubjects.securityStats, {})).securityStatus.remoteBackupEnabled).toBe(false);

    // The status check (a BullMQ job scheduler's job, run here twice as two ticks would) e-mails the admin once.
    await statusCheckTick();
    await statusCheckTick();
    const alerts = await query(
      `SELECT recipient, subject FROM notifications.outbox WHERE template_id = '${EmailTemplateIds.systemStatusAlert}' ORDER BY created_at`,
    );
    expect(alerts).toEqual([{ recipient: ADMIN_EMAIL, subject: 'UK Bleed Kit Register: Cloud copies (Dropbox) is failing' }]);
    expect(await query(`SELECT item FROM notifications.status_alerts`)).toEqual([{ item: 'cloud_copies' }]);
  });

  it('connecting again heals the connection and copies what is missing; Disconnect revokes the token with Dropbox', async () => {
    const again = await authorize();
    await h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, code: again.code, state: again.state });
    await eventually(
      () => h.history(),
      (p) => p.data.every((b) => b.status !== 'success' || b.cloudCopyStatus === 'uploaded'),
      30_000,
    );
    expect(h.dropbox.files.has(`/bleedkits-backups/${four.fileName}`.toLowerCase())).toBe(true);
    // Recovered: the next check ends the episode, so a later failure e-mails the admins again.
    await statusCheckTick();
    expect(await query(`SELECT item FROM notifications.status_alerts`)).toEqual([]);
    expect(h.dropbox.refreshTokens()).toHaveLength(1);

    const [refreshToken] = h.dropbox.refreshTokens();
    const disconnected = await h.bed.bus.request(BackupsSubjects.disconnectDropbox, { actor: ADMIN });
    expect(disconnected).toMatchObject({ message: DropboxConnectionMessages.disconnected, connection: { mode: 'none' } });
    expect(h.dropbox.calls).toContain('auth/token/revoke');
    expect(h.dropbox.refreshTokens()).toEqual([]);
    expect(await query(`SELECT * FROM backups.dropbox_connection`)).toEqual([]);

    // Connected twice, disconnected once: one entry each, the disconnection naming the account it was.
    const trail = await dropboxTrail();
    expect(trail.map((e) => [e.row.action, e.row.actor_email, e.row.before, e.row.after])).toEqual([
      ['cloud-storage.connected', ADMIN_EMAIL, null, { account: ACCOUNT, method: 'oauth' }],
      ['cloud-storage.connected', ADMIN_EMAIL, null, { account: ACCOUNT, method: 'oauth' }],
      ['cloud-storage.disconnected', ADMIN_EMAIL, { account: ACCOUNT }, null],
    ]);
    for (const e of trail) expect(e.json).not.toContain(refreshToken);
    // Disconnecting when nothing is connected changes nothing and records nothing.
    expect((await h.bed.bus.request(BackupsSubjects.disconnectDropbox, { actor: ADMIN })).message).toBe(DropboxConnectionMessages.notConnected);
    expect(await dropboxTrail()).toHaveLength(3);
  });

  it('the redirect back from a cancelled request, or one with a state never issued, is refused with words', async () => {
    h.dropbox.denyNext();
    const denied = await authorize();
    expect(denied.back.searchParams.get('error')).toBe('access_denied');
    const cancelled = await rejection(
      h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, state: denied.state, error: denied.back.searchParams.get('error') }),
    );
    expect(cancelled.body.message).toBe(DropboxConnectionMessages.cancelled);
    const forged = await rejection(h.bed.bus.request(BackupsSubjects.finishDropboxConnection, { actor: ADMIN, code: 'abc', state: 'never-issued' }));
    expect(forged.body.message).toBe(DropboxConnectionMessages.unknownState);
  });
});
