import { Client } from 'pg';
import { type BackupsHarness, startBackupsHarness } from '../test/backups-harness';

describe('two backups replicas on one schedule', () => {
  let h: BackupsHarness;

  beforeAll(async () => {
    h = await startBackupsHarness('backups-replicas');
  });
  afterAll(async () => h?.close());

  it('make one backup per tick, however many replicas run the scheduler', async () => {
    // A full every 4 seconds; the incremental schedule is parked far away so only one scheduler ticks.
    const env = { BACKUP_FULL_CRON: '*/4 * * * * *', BACKUP_INCREMENTAL_CRON: '0 0 1 1 *' };
    const one = await h.startReplica(env);
    const db = new Client({ connectionString: h.bed.db.url });
    await db.connect();
    // Retention prunes same-day fulls at once, so every finished backup is recorded as it happens.
    await db.query(`
      CREATE TABLE public.finished_backups (run_key text, file_name text, at timestamptz DEFAULT clock_timestamp());
      CREATE FUNCTION public.record_finished() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO public.finished_backups (run_key, file_name) VALUES (NEW.run_key, NEW.file_name); RETURN NEW; END $$;
      CREATE TRIGGER record_finished AFTER UPDATE OF status ON backups.backup_runs
        FOR EACH ROW WHEN (NEW.status = 'success' AND OLD.status <> 'success') EXECUTE FUNCTION public.record_finished();`);
    const two = await h.startReplica(env);
    await new Promise((r) => setTimeout(r, 17_000));
    await one.close();
    await two.close();

    const { rows } = await db.query<{ run_key: string; file_name: string }>(
      `SELECT run_key, file_name FROM public.finished_backups ORDER BY run_key`,
    );
    await db.end();
    const ticks = rows.map((r) => Number(r.run_key.replace(/^backups-full:/, '')));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    // One backup for each 4-second tick: no tick twice, none skipped in between, every file distinct.
    expect(new Set(ticks).size).toBe(ticks.length);
    for (const t of ticks) expect(t % 4000).toBe(0);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).toBe(4000);
    expect(new Set(rows.map((r) => r.file_name)).size).toBe(rows.length);
  }, 60_000);
});
