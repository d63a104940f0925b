import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { IMPORT_COLUMNS, KitMessages } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { type ServiceProcess, startServiceProcess } from '@bleedkits/platform/testing';
import {
  type ImportsHarness,
  actor,
  csvLine,
  finishedImport,
  importErrors,
  importStatus,
  startImport,
  startImportsBed,
} from '../../test/imports-harness';

const ROWS = 5000;
const UPDATES = 600;

/** 5,000 kit rows; every tenth has a custodian e-mail the rules refuse. */
function bigFile(): string {
  const lines = [csvLine(IMPORT_COLUMNS)];
  for (let i = 1; i <= ROWS; i++) {
    const kit: Record<string, string> = {
      serialNumber: `KILL-${String(i).padStart(5, '0')}`,
      make: 'mere',
      locationType: 'unlocked_cabinet',
      locationName: `Kill Test Site ${i}`,
      addressLine1: `${i} Long Street`,
      city: 'Altrincham',
      postcode: 'WA14 1PF',
      latitude: (53.3 + (i % 1000) / 10_000).toFixed(6),
      longitude: (-2.35 - Math.floor(i / 1000) / 1000).toFixed(6),
      purchaseDate: '2025-01-01',
      expiryDate: '2028-01-01',
      custodianName: 'Kim Custodian',
      custodianPhone: '01619125920',
      custodianEmail: i % 10 === 0 ? 'not-an-email' : 'kim@example.org',
    };
    lines.push(csvLine(IMPORT_COLUMNS.map((c) => kit[c] ?? '')));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * Acceptance: the imports service is killed (SIGKILL, a real child process started through its own main.ts) in the
 * middle of a job; after a restart the job completes with exactly one outcome per row and no kit registered or
 * updated twice. BullMQ gives the dead worker's job to the new process once its lock expires (3 s here).
 */
describe('imports jobs survive the imports service being killed mid-job', () => {
  let h: ImportsHarness;
  let db: Client;
  let imports: ServiceProcess | null = null;
  const env = () => ({ ...h.env, POSTCODES_IO_BASE_URL: 'off', IMPORTS_JOB_LOCK_MS: '3000', IMPORTS_BATCH_SIZE: '100', LOG_LEVEL: 'warn' });
  const owner = actor('user');
  const admin = actor('admin');

  beforeAll(async () => {
    h = await startImportsBed({ importsInProcess: false });
    db = new Client({ connectionString: h.env.DATABASE_URL });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await imports?.kill('SIGKILL');
    await db?.end();
    await h?.close();
  });

  /** Waits until `ready()` holds, polling. */
  async function until(ready: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('a 5,000-row import killed mid-file completes after a restart with exactly 5,000 outcomes and no duplicate kit', async () => {
    imports = await startServiceProcess('imports', env());
    const started = await startImport(h.bus, owner, bigFile(), { fileName: 'five-thousand.csv' });
    expect(started.total).toBe(ROWS);
    await until(async () => (await importStatus(h.bus, owner, started.jobId)).processed >= 500, 90_000, '500 rows');
    expect(await imports.kill('SIGKILL')).toBeNull();
    imports = null;
    const atKill = (await db.query(`SELECT status, processed FROM imports.import_jobs WHERE id = $1`, [started.jobId])).rows[0];
    expect(atKill.status).toBe('processing');
    expect(atKill.processed).toBeLessThan(ROWS);

    imports = await startServiceProcess('imports', env());
    const done = await finishedImport(h.bus, owner, started.jobId, 180_000);
    expect(done).toMatchObject({ status: 'completed', total: ROWS, processed: ROWS, created: ROWS - ROWS / 10, failed: ROWS / 10 });

    const outcomes = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT row_number)::int AS rows, min(row_number) AS first, max(row_number) AS last FROM imports.import_outcomes WHERE job_id = $1`,
      [started.jobId],
    );
    expect(outcomes.rows[0]).toEqual({ n: ROWS, rows: ROWS, first: 2, last: ROWS + 1 });
    const kits = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT serial_number)::int AS serials FROM kits.kits WHERE serial_number LIKE 'KILL-%'`,
    );
    expect(kits.rows[0]).toEqual({ n: ROWS - ROWS / 10, serials: ROWS - ROWS / 10 });
    const keyed = await db.query(`SELECT count(*)::int AS n FROM kits.idempotency_keys WHERE key LIKE $1`, [`import:${started.jobId}:%`]);
    expect(keyed.rows[0].n).toBe(ROWS - ROWS / 10);
    const { errors } = await importErrors(h.bus, owner, started.jobId);
    expect(Object.keys(errors)).toHaveLength(ROWS / 10);
    expect(errors['11']).toEqual([KitMessages.custodianEmail]);
  }, 300_000);

  it('a queued update job killed mid-way completes after a restart: every entry settled once, every kit updated once', async () => {
    imports ??= await startServiceProcess('imports', env());
    const kits = (await db.query(`SELECT id, location_name FROM kits.kits WHERE serial_number LIKE 'KILL-%' ORDER BY id LIMIT $1`, [UPDATES])).rows;
    expect(kits).toHaveLength(UPDATES);
    const jobId = randomUUID();
    const updates = kits.map((k) => ({
      action: 'update',
      db_id: Number(k.id),
      changes: [{ field: 'location_name', old_value: k.location_name, new_value: `${k.location_name} (renamed)` }],
    }));
    for (let i = 0; i < updates.length; i += 500) {
      await h.bus.request(ImportsSubjects.stageCsvUpdates, { actor: admin, jobId, firstPosition: i, updates: updates.slice(i, i + 500) });
    }
    const queued = await h.bus.request(ImportsSubjects.startCsvUpdates, { actor: admin, jobId, totalUpdates: UPDATES });
    expect(queued).toEqual({ jobId, totalUpdates: UPDATES });
    const status = () => h.bus.request(ImportsSubjects.csvUpdateStatus, { actor: admin, jobId });
    await until(async () => (await status()).progress.successful >= 200, 90_000, '200 updates');
    await imports.kill('SIGKILL');
    imports = null;
    const atKill = await db.query(`SELECT successful + failed AS settled FROM imports.csv_update_jobs WHERE id = $1`, [jobId]);
    expect(atKill.rows[0].settled).toBeLessThan(UPDATES);

    imports = await startServiceProcess('imports', env());
    await until(async () => ['completed', 'failed'].includes((await status()).status), 180_000, 'the update job');
    // Had an entry been applied twice, its second attempt would have met its own write and failed as stale.
    expect(await status()).toEqual({ jobId, status: 'completed', totalUpdates: UPDATES, progress: { successful: UPDATES, failed: 0 } });
    const entries = await db.query(`SELECT status, count(*)::int AS n FROM imports.csv_update_entries WHERE job_id = $1 GROUP BY status`, [jobId]);
    expect(entries.rows).toEqual([{ status: 'completed', n: UPDATES }]);
    const renamed = await db.query(
      `SELECT count(*)::int AS n FROM kits.kits WHERE location_name LIKE '% (renamed)' AND location_name NOT LIKE '% (renamed) (renamed)'`,
    );
    expect(renamed.rows[0].n).toBe(UPDATES);
    const keyed = await db.query(`SELECT count(*)::int AS n FROM kits.idempotency_keys WHERE key LIKE $1`, [`csv-update:${jobId}:%`]);
    expect(keyed.rows[0].n).toBe(UPDATES);
  }, 300_000);
});
