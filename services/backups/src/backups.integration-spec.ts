import type { INestMicroservice } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { BackupMessages, type DropboxSetupRequest, ErrorCode, type Kit } from '@bleedkits/contracts';
import { BackupsSubjects, IdentitySubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { createTestDatabase, rejection, type TestDatabase, exampleRegistration } from '@bleedkits/platform/testing';
import { IdentityModule, readIdentityEnv } from '@bleedkits/identity';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { parseBackupKey } from './archive/encrypted-archive';
import { RunBackupHandler } from './commands/run-backup/run-backup.handler';
import { readManifest } from './engine/backup-reader';
import { restoreBackup } from './engine/restore';
import { recordRestore } from './restore/record-restore';
import { plainDump } from './engine/testing/database-dump';
import { type BackupsHarness, eventually, startBackupsHarness } from '../test/backups-harness';

const CUSTODIAN_EMAIL = 'secret.custodian.4711@example.org';
const CABINET_CODE = 'C0DE-7391-QX';
const ADMIN = { id: '5b0f7c1e-0000-4000-8000-00000000a001', role: 'admin' as const, email: 'admin@register.test' };

describe('backups over NATS with real Postgres, Redis (BullMQ) and a Dropbox fake', () => {
  let h: BackupsHarness;
  let backups: INestMicroservice;
  let firstKit: Kit;
  const targets: TestDatabase[] = [];
  const strong = 'Str0ng!pass';
  const kitFields = exampleRegistration({ locationType: 'locked_cabinet', custodianEmail: CUSTODIAN_EMAIL, cabinetCode: CABINET_CODE });
  const register = async (email: string) =>
    (await h.bed.bus.request(IdentitySubjects.register, { email, password: strong, firstName: 'Reg', lastName: 'Ister' })).user;
  const registerKit = (owner: { id: string; email: string }, overrides = {}) =>
    h.bed.bus.request(KitsSubjects.register, { actor: { id: owner.id, role: 'user', email: owner.email }, kit: { ...kitFields, ...overrides } });
  const restoreInto = async (source: string) => {
    const db = await createTestDatabase();
    targets.push(db);
    await restoreBackup({ source, directory: h.dir, keys: [parseBackupKey(h.key)], databaseUrl: db.url, force: false, log: () => undefined });
    return db;
  };
  /** The trail as stored: each row whole, as JSON text too (no secret may appear anywhere in it). */
  const auditRows = async (url: string, where = 'true') =>
    (await query(url, `SELECT row_to_json(a)::text AS json FROM backups.audit_entries a WHERE ${where} ORDER BY at, id`)).map(
      (r: { json: string }) => ({ json: r.json, row: JSON.parse(r.json) as Record<string, unknown> }),
    );
  const query = async (url: string, sql: string) => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    h = await startBackupsHarness('backups-test', async (bed) => {
      await bed.start('identity', IdentityModule.forRoot(readIdentityEnv({ ...bed.env })));
      await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' })));
    });
    backups = await h.startReplica();
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await h?.close();
  });

  it('Backup Now answers at once; the history shows it in progress, then success with a size', async () => {
    const owner = await register('owner@example.org');
    firstKit = await registerKit(owner);
    const refused = await rejection(h.bed.bus.request(BackupsSubjects.startManual, { actor: { ...ADMIN, role: 'user' } }));
    expect(refused.body.code).toBe(ErrorCode.Forbidden);
    const started = await h.bed.bus.request(BackupsSubjects.startManual, { actor: ADMIN });
    expect(started.backup).toMatchObject({ status: 'in_progress', isFullBackup: true, isAutomatic: false, sizeBytes: null });
    // One entry, written with the run: who started it and which backup.
    expect((await auditRows(h.bed.db.url)).map((e) => e.row)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN.id,
        actor_email: ADMIN.email,
        actor_role: 'admin',
        action: 'backup.started',
        target_type: 'backup',
        target_id: started.backup.id,
        target_label: 'Manual backup',
        before: null,
        after: { kind: 'full' },
      }),
    ]);
    const page = await eventually(
      () => h.history(),
      (p) => p.data[0]?.status !== 'in_progress',
    );
    expect(page.data[0]).toMatchObject({
      id: started.backup.id,
      status: 'success',
      isFullBackup: true,
      isAutomatic: false,
      cloudCopyStatus: 'local_only',
      errorMessage: null,
    });
    expect(page.data[0].sizeBytes).toBeGreaterThan(1000);
    expect(page.data[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(page.pagination).toEqual({ total: 1, page: 1, pageSize: 100, pageCount: 1 });
    const stats = await h.bed.bus.request(BackupsSubjects.securityStats, {});
    expect(stats).toEqual({
      backupStats: { totalBackups: 1, latestBackupAt: page.data[0].createdAt, latestBackupSize: page.data[0].sizeBytes, failedBackups: 0 },
      securityStatus: { backupEncryptionEnabled: true, remoteBackupEnabled: false, backupSchedulerActive: true },
    });
  });

  it('writes no plaintext of a custodian e-mail or a cabinet code; restored into a fresh database it dumps identically', async () => {
    const [file] = await h.files();
    const bytes = await readFile(path.join(h.dir, file));
    for (const secret of [CUSTODIAN_EMAIL, CABINET_CODE, 'owner@example.org']) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
    }
    const db = await restoreInto(path.join(h.dir, file));
    expect(await plainDump(db.url)).toEqual(await plainDump(h.bed.db.url));

    // The restore is recorded afterwards, in the restored database's trail (the restore replaced the trail too).
    const [manifest] = [await readManifest(path.join(h.dir, file), [parseBackupKey(h.key)])];
    await recordRestore({ databaseUrl: db.url, restored: manifest, operator: 'ops@backup-host', log: () => undefined });
    const trail = await auditRows(db.url);
    expect(trail.map((e) => e.row.action)).toEqual(['backup.started', 'restore.started']);
    expect(trail[1].row).toMatchObject({
      actor_id: null,
      actor_email: 'ops@backup-host',
      actor_role: null,
      target_type: 'backup',
      target_id: manifest.backupId,
      target_label: file,
      before: null,
      after: { file, takenAt: manifest.createdAt },
    });
    // The source's trail is untouched: the restore happened elsewhere.
    expect((await auditRows(h.bed.db.url, `action = 'restore.started'`)).length).toBe(0);
    // The data is really in the backup: encryption, not absence, keeps it out of the file.
    expect(await query(db.url, 'SELECT custodian_email, cabinet_code FROM kits.kits')).toEqual([
      { custodian_email: CUSTODIAN_EMAIL, cabinet_code: CABINET_CODE },
    ]);
  });

  it('full + two incrementals (inserts, updates and deletes in kits and identity) restore to the source state', async () => {
    const run = backups.get(RunBackupHandler);
    const owner = (await h.bed.bus.request(IdentitySubjects.login, { email: 'owner@example.org', password: strong })).user;
    const full = await run.execute({ runKey: 'test:full', requested: 'full', automatic: true });
    expect(full.isFullBackup).toBe(true);

    const second = await registerKit(owner, { serialNumber: 'DBF-2024-0002', custodianEmail: 'second@example.org' });
    await h.bed.bus.request(KitsSubjects.edit, {
      actor: { id: owner.id, role: 'user', email: owner.email },
      kitId: firstKit.id,
      data: { locationName: 'Renamed Hall' },
    });
    const leaving = await register('leaving@example.org');
    await h.bed.bus.request(IdentitySubjects.updateProfile, {
      userId: owner.id,
      firstName: 'Renamed',
      lastName: 'Owner',
      email: 'owner@example.org',
    });
    const one = await run.execute({ runKey: 'test:incremental-1', requested: 'incremental', automatic: true });
    expect(one).toMatchObject({ isFullBackup: false, status: 'success' });

    await h.bed.bus.request(KitsSubjects.delete, { actor: { id: owner.id, role: 'user', email: owner.email }, kitId: second.id });
    await h.bed.bus
      .request(IdentitySubjects.deleteUser, { actor: { id: owner.id, role: 'user', email: owner.email }, userId: leaving.id })
      .catch(() =>
        // Only an admin may delete users; the service's own rules decide, the backup only has to capture the result.
        query(h.bed.db.url, `DELETE FROM identity.users WHERE email = 'leaving@example.org'`),
      );
    await register('newcomer@example.org');
    const two = await run.execute({ runKey: 'test:incremental-2', requested: 'incremental', automatic: true });
    expect(two).toMatchObject({ isFullBackup: false, status: 'success' });

    // True incrementals: only what changed, never the manufacturers list nobody touched.
    const manifest = await readManifest(path.join(h.dir, two.fileName!), [parseBackupKey(h.key)]);
    const changed = manifest.changedTables.map((t) => `${t.schema}.${t.table}`);
    expect(changed).toEqual(expect.arrayContaining(['kits.kits', 'identity.users']));
    expect(changed).not.toContain('kits.manufacturers');
    expect(manifest.tables.length).toBeGreaterThan(changed.length);

    const db = await restoreInto('latest');
    expect(await plainDump(db.url)).toEqual(await plainDump(h.bed.db.url));
    expect(await query(db.url, `SELECT email FROM identity.users ORDER BY email`)).toEqual([
      { email: 'newcomer@example.org' },
      { email: 'owner@example.org' },
    ]);
  });

  it('a retried job of the same tick finishes the same backup instead of making a second one', async () => {
    const run = backups.get(RunBackupHandler);
    const before = await h.files();
    const first = await run.execute({ runKey: 'backups-incremental:1767236400000', requested: 'incremental', automatic: true });
    const again = await run.execute({ runKey: 'backups-incremental:1767236400000', requested: 'incremental', automatic: true });
    expect(again.id).toBe(first.id);
    expect((await h.files()).length).toBe(before.length + 1);
    const rows = await query(h.bed.db.url, `SELECT count(*)::int AS n FROM backups.backup_runs WHERE run_key = 'backups-incremental:1767236400000'`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('Dropbox setup: the spec messages, a token check, then uploads; a failed upload is marked failed and retried', async () => {
    const setup = (token: unknown) =>
      h.bed.bus.request(BackupsSubjects.configureDropbox, { actor: ADMIN, token } as DropboxSetupRequest & { actor: typeof ADMIN });
    expect((await rejection(setup(''))).body.errors).toEqual([BackupMessages.tokenRequired]);
    expect((await rejection(setup('too-short'))).body.errors).toEqual([BackupMessages.tokenTooShort]);
    expect((await rejection(setup('sl.aaaaaaaaaaaaaaaaaaaaaa<b>'))).body.errors).toEqual([BackupMessages.tokenInvalidCharacters]);
    const unknown = await rejection(setup('sl.this-token-was-never-issued-1234'));
    expect(unknown.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: BackupMessages.tokenRejected });
    h.dropbox.addToken('sl.read-only-token-1234567890abcdef', ['files.content.read']);
    expect((await rejection(setup('sl.read-only-token-1234567890abcdef'))).body.message).toBe(BackupMessages.tokenMissingWrite);

    h.dropbox.addToken('sl.good-token-1234567890abcdefghij');
    h.dropbox.failNext('files/upload', 2, 503);
    expect(await setup('  sl.good-token-1234567890abcdefghij  ')).toEqual({ message: BackupMessages.dropboxConfigured });
    const stored = await query(h.bed.db.url, `SELECT mode, secret_sealed FROM backups.dropbox_connection`);
    expect(stored[0].mode).toBe('legacy_token');
    expect(stored[0].secret_sealed).not.toContain('good-token');
    // Only the token that was kept is recorded, once, by the account and the way it was connected; no token text anywhere.
    const connected = await auditRows(h.bed.db.url, `action LIKE 'cloud-storage.%'`);
    expect(connected.map((e) => e.row)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN.id,
        actor_email: ADMIN.email,
        actor_role: 'admin',
        action: 'cloud-storage.connected',
        target_type: 'cloud-storage',
        target_id: 'dropbox',
        before: null,
        after: { account: 'Register Backups <backups@example.org>', method: 'pasted token' },
      }),
    ]);
    for (const token of ['good-token', 'read-only-token', 'never-issued', 'sl.']) expect(connected[0].json).not.toContain(token);

    // The backups made before the token are copied now; the first two uploads fail and are retried with backoff.
    const failedSeen = await eventually(
      () => h.history(),
      (p) => p.data.some((b) => b.cloudCopyStatus === 'failed'),
    );
    expect(failedSeen.data.find((b) => b.cloudCopyStatus === 'failed')?.errorMessage).toMatch(/Cloud copy failed: Dropbox answered 503/);
    const page = await eventually(
      () => h.history(),
      (p) => p.data.every((b) => b.status !== 'success' || b.cloudCopyStatus === 'uploaded'),
      30_000,
    );
    const uploaded = page.data
      .filter((b) => b.status === 'success')
      .map((b) => `/bleedkits-backups/${b.fileName}`.toLowerCase())
      .sort();
    expect([...h.dropbox.files.keys()].sort()).toEqual(uploaded);
    for (const b of page.data)
      expect(h.dropbox.files.get(`/bleedkits-backups/${b.fileName}`.toLowerCase())).toEqual(await readFile(path.join(h.dir, b.fileName!)));
    expect((await h.bed.bus.request(BackupsSubjects.securityStats, {})).securityStatus.remoteBackupEnabled).toBe(true);
  });
});
