import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { BackupsSubjects } from '@bleedkits/contracts/wire';
import { type ServiceProcess, createTestDatabase, startServiceProcess, type TestDatabase } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { parseBackupKey } from '../archive/encrypted-archive';
import { PARTIAL_SUFFIX } from '../engine/backup-writer';
import { restoreBackup } from '../engine/restore';
import { type BackupsHarness, eventually, startBackupsHarness } from '../../test/backups-harness';
import { fillRegister } from '../../test/register-fixture';

/** Big enough that a dump takes seconds, so the kill lands while the file is being written. */
const KITS = 60_000;
/** Kill once this much of the encrypted file is on disk: the run is under way, and far from done. */
const KILL_AFTER_BYTES = 512 * 1024;

const REGISTER_CHECKSUM = `SELECT count(*)::int AS kits, md5(string_agg(k::text, '' ORDER BY k.id)) AS digest FROM kits.kits k`;

/**
 * Acceptance (BullMQ runs a job at least once): the backups service, a real child process started through its own
 * main.ts, is killed with SIGKILL while Backup Now's dump is being written. After a restart the job runs again
 * (BullMQ hands a dead worker's job on once its lock expires: BACKUP_JOB_LOCK_MS) and the backup completes exactly
 * once: one history row, one file, status success, no unfinished file left, and the file restores the register.
 */
describe('a backup survives the backups service being killed mid-dump', () => {
  let h: BackupsHarness;
  let db: Client;
  let backups: ServiceProcess | null = null;
  let target: TestDatabase | null = null;
  const env = () => ({
    ...h.env,
    BACKUP_SCHEDULE_ENABLED: 'false',
    BACKUP_JOB_LOCK_MS: '3000',
    BACKUP_CHUNK_BYTES: String(64 * 1024),
    LOG_LEVEL: 'warn',
  });
  const filesIn = async (dir: string) => (await readdir(dir)).filter((f) => !f.startsWith('.')).sort();

  beforeAll(async () => {
    h = await startBackupsHarness('backups-kill-test', (bed) =>
      bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' }))).then(() => undefined),
    );
    await fillRegister(h.bed.db.url, KITS);
    db = new Client({ connectionString: h.bed.db.url });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await backups?.kill('SIGKILL');
    await db?.end();
    await target?.drop();
    await h?.close();
  });

  it('Backup Now killed half-way through the dump completes once after a restart: one row, one file, success, nothing left over', async () => {
    backups = await startServiceProcess('backups', env());
    const started = await h.bed.bus.request(BackupsSubjects.startManual, {
      actor: { id: '5b0f7c1e-0000-4000-8000-00000000a003', role: 'admin', email: 'admin@register.test' },
    });
    const id = started.backup.id;

    // Wait until the dump is streaming into its unfinished file, then kill the process outright.
    let partial: string | undefined;
    const deadline = Date.now() + 120_000;
    for (;;) {
      partial = (await readdir(h.dir)).find((f) => f.endsWith(PARTIAL_SUFFIX));
      const size = partial
        ? await stat(path.join(h.dir, partial)).then(
            (s) => s.size,
            () => 0,
          )
        : 0;
      if (size >= KILL_AFTER_BYTES) break;
      if (Date.now() > deadline) throw new Error(`the dump never reached ${KILL_AFTER_BYTES} bytes:\n${backups.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await backups.kill('SIGKILL')).toBeNull();
    backups = null;

    // Killed mid-way: the row says in progress, only the unfinished file exists.
    const atKill = await db.query(`SELECT status, file_name FROM backups.backup_runs WHERE id = $1`, [id]);
    expect(atKill.rows).toEqual([{ status: 'in_progress', file_name: null }]);
    const leftBehind = await filesIn(h.dir);
    expect(leftBehind.filter((f) => f.endsWith('.bkb'))).toEqual([]);
    expect(leftBehind).toContain(partial);

    backups = await startServiceProcess('backups', env());
    const page = await eventually(
      () => h.history(),
      (p) => p.data.length > 0 && p.data.every((b) => b.status !== 'in_progress'),
      180_000,
    );

    // Exactly once: one row for the one Backup Now, successful, with the file it names and nothing else on disk.
    expect(page.pagination.total).toBe(1);
    const [done] = page.data;
    expect(done).toMatchObject({ id, status: 'success', isFullBackup: true, isAutomatic: false, errorMessage: null });
    const rows = await db.query(`SELECT run_key, status FROM backups.backup_runs`);
    expect(rows.rows).toEqual([{ run_key: `manual:${id}`, status: 'success' }]);
    expect(await filesIn(h.dir)).toEqual([done.fileName]);
    expect(done.sizeBytes).toBe((await stat(path.join(h.dir, done.fileName!))).size);
    expect(done.sizeBytes).toBeGreaterThan(KILL_AFTER_BYTES);

    // Nothing lost: the file is whole, and restores the register of 60,000 kits exactly.
    target = await createTestDatabase();
    await restoreBackup({
      source: path.join(h.dir, done.fileName!),
      directory: h.dir,
      keys: [parseBackupKey(h.key)],
      databaseUrl: target.url,
      force: false,
      log: () => undefined,
    });
    const source = (await db.query(REGISTER_CHECKSUM)).rows[0];
    expect(source.kits).toBe(KITS);
    const restored = new Client({ connectionString: target.url });
    await restored.connect();
    try {
      expect((await restored.query(REGISTER_CHECKSUM)).rows[0]).toEqual(source);
    } finally {
      await restored.end();
    }
  }, 420_000);
});
