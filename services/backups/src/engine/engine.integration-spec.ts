import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@bleedkits/platform/testing';
import { type BackupKey, parseBackupKey } from '../archive/encrypted-archive';
import { serverMajorOf } from '../postgres/database-snapshot';
import { locatePgTools, type PgTools } from '../postgres/pg-tools';
import { readManifest } from './backup-reader';
import { type ParentBackup, writeBackup } from './backup-writer';
import { restoreBackup } from './restore';
import { plainDump } from './testing/database-dump';

describe('backup engine: pg_dump, encryption, incrementals and restore on the real Postgres', () => {
  let source: TestDatabase;
  const targets: TestDatabase[] = [];
  let dir: string;
  let tools: PgTools;
  const key: BackupKey = parseBackupKey(randomBytes(32).toString('base64'));
  const sql = async (db: TestDatabase, text: string) => {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  const target = async () => {
    const db = await createTestDatabase();
    targets.push(db);
    return db;
  };

  beforeAll(async () => {
    source = await createTestDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'bk-engine-'));
    tools = locatePgTools(await serverMajorOf(source.url));
    await sql(
      source,
      `CREATE SCHEMA shop;
       CREATE TABLE shop.owners (id serial PRIMARY KEY, email text NOT NULL UNIQUE);
       CREATE TABLE shop.items (id serial PRIMARY KEY, owner_id int REFERENCES shop.owners(id) ON DELETE CASCADE, code text, note text);
       CREATE TABLE shop.untouched (id int PRIMARY KEY, owner_id int REFERENCES shop.owners(id) ON DELETE CASCADE);
       CREATE SEQUENCE shop.revision;
       INSERT INTO shop.owners (email) SELECT 'owner' || g || '@example.org' FROM generate_series(1, 50) g;
       INSERT INTO shop.items (owner_id, code, note) SELECT (g % 50) + 1, 'C' || g, repeat('x', g % 40) FROM generate_series(1, 500) g;
       INSERT INTO shop.untouched VALUES (1, 1), (2, 2);
       SELECT nextval('shop.revision') FROM generate_series(1, 7);`,
    );
  });
  afterAll(async () => {
    await source.drop();
    for (const t of targets) await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  let chainParent: ParentBackup | null = null;
  const files: string[] = [];
  async function backup(requested: 'full' | 'incremental') {
    const id = randomUUID();
    const written = await writeBackup({
      databaseUrl: source.url,
      tools,
      key,
      directory: dir,
      backupId: id,
      createdAt: new Date(Date.now() + files.length * 1000),
      requested,
      parent: chainParent,
      fileNameFor: (kind) => `b${files.length}-${kind}.bkb`,
      chunkBytes: 4096,
    });
    chainParent = {
      id,
      fileName: written.manifest.fileName,
      fullBackupId: written.manifest.fullBackupId,
      tables: written.manifest.tables,
      schemaFingerprint: written.manifest.schemaFingerprint,
    };
    files.push(written.filePath);
    return written;
  }
  const restore = (db: TestDatabase, source: string, extra: { force?: boolean; keys?: BackupKey[] } = {}) =>
    restoreBackup({ source, directory: dir, keys: extra.keys ?? [key], databaseUrl: db.url, force: extra.force ?? false, log: () => undefined });

  it('restores a full backup into a fresh database identically', async () => {
    const full = await backup('full');
    expect(full.manifest.kind).toBe('full');
    const db = await target();
    await restore(db, full.filePath);
    expect(await plainDump(db.url)).toEqual(await plainDump(source.url));
  });

  it('restores full + incrementals with inserts, updates and deletes (cascading ones too) exactly', async () => {
    await sql(
      source,
      `UPDATE shop.items SET note = 'changed' WHERE id % 7 = 0; INSERT INTO shop.items (owner_id, code) VALUES (3, 'NEW1'); SELECT nextval('shop.revision');`,
    );
    const first = await backup('incremental');
    expect(first.manifest.kind).toBe('incremental');
    expect(first.manifest.changedTables).toEqual([{ schema: 'shop', table: 'items' }]);
    // Deleting owner 5 cascades into items; owners 1 and 2 (referenced by an unchanged table) stay.
    await sql(
      source,
      `DELETE FROM shop.owners WHERE id = 5; DELETE FROM shop.items WHERE id < 20; UPDATE shop.owners SET email = 'moved@example.org' WHERE id = 1;`,
    );
    const second = await backup('incremental');
    expect(second.manifest.changedTables).toEqual([
      { schema: 'shop', table: 'items' },
      { schema: 'shop', table: 'owners' },
    ]);
    const nothing = await backup('incremental');
    expect(nothing.manifest.changedTables).toEqual([]);

    const db = await target();
    await restore(db, 'latest');
    expect(await plainDump(db.url)).toEqual(await plainDump(source.url));
    expect(await sql(db, `SELECT last_value FROM shop.revision`)).toEqual([{ last_value: '8' }]);
  });

  it('takes a full when the schema changed since the last backup', async () => {
    await sql(source, `ALTER TABLE shop.items ADD COLUMN weight int`);
    const b = await backup('incremental');
    expect(b.manifest.kind).toBe('full');
  });

  it('refuses a flipped byte, a truncated file and a wrong key, and leaves the target empty', async () => {
    const good = files[files.length - 1];
    const bytes = await readFile(good);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] ^= 0x01;
    const cases: [string, Buffer, BackupKey[], RegExp][] = [
      ['flipped.bkb', flipped, [key], /failed its integrity check/],
      ['truncated.bkb', bytes.subarray(0, bytes.length - 100), [key], /truncated/],
      ['wrong-key.bkb', bytes, [parseBackupKey(randomBytes(32).toString('base64'))], /encrypted with key/],
    ];
    const db = await target();
    for (const [name, content, keys, message] of cases) {
      const file = path.join(os.tmpdir(), `${randomUUID()}-${name}`);
      await writeFile(file, content);
      await expect(restore(db, file, { keys, force: true })).rejects.toThrow(message);
      await rm(file);
      expect(
        await sql(
          db,
          `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'`,
        ),
      ).toEqual([{ n: 0 }]);
    }
  });

  it('refuses a target that is not empty unless forced', async () => {
    const db = await target();
    await sql(db, 'CREATE TABLE precious (id int)');
    await expect(restore(db, 'latest')).rejects.toThrow(/not empty/);
    expect(await sql(db, `SELECT to_regclass('public.precious') IS NOT NULL AS kept`)).toEqual([{ kept: true }]);
    await restore(db, 'latest', { force: true });
    expect(await plainDump(db.url)).toEqual(await plainDump(source.url));
  });

  it('npm run restore -- latest restores through the command line, records it, and refuses to overwrite without --force', () => {
    const root = path.resolve(__dirname, '../../../..');
    const run = (db: TestDatabase, ...extra: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'scripts/restore.mjs'), 'latest', '--dir', dir, '--database', db.url, ...extra], {
        cwd: root,
        env: { ...process.env, BACKUP_ENCRYPTION_KEY: key.secret.toString('base64'), SUDO_USER: 'night.operator' },
        encoding: 'utf8',
      });
    return (async () => {
      const db = await target();
      const first = run(db);
      expect(first.stdout).toMatch(/all files verified/);
      expect(first.status).toBe(0);
      expect(await plainDump(db.url, { schema: 'shop' })).toEqual(await plainDump(source.url, { schema: 'shop' }));

      // This dump predates the audit trail (it has no backups schema at all): the backups migrations ran, then one
      // entry names the operator at this host, the file and when it was taken.
      expect(first.stdout).toMatch(/predates 4 backups migration\(s\)/);
      const latest = await readManifest(files[files.length - 1], [key]);
      const entries = await sql(
        db,
        `SELECT actor_id, actor_email, actor_role, action, target_type, target_id, target_label, before, after FROM backups.audit_entries`,
      );
      expect(entries).toEqual([
        {
          actor_id: null,
          actor_email: `night.operator@${os.hostname()}`,
          actor_role: null,
          action: 'restore.started',
          target_type: 'backup',
          target_id: latest.backupId,
          target_label: latest.fileName,
          before: null,
          after: { file: latest.fileName, takenAt: latest.createdAt },
        },
      ]);

      const again = run(db);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/FAILED, nothing was restored: The target database .* is not empty/);
      expect(await sql(db, `SELECT count(*)::int AS n FROM backups.audit_entries`)).toEqual([{ n: 1 }]);
    })();
  });
});
