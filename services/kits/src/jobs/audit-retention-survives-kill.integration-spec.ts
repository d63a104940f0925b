import { Queue } from 'bullmq';
import { Client } from 'pg';
import { QueueNames } from '@bleedkits/contracts';
import { DEFAULT_JOB_OPTIONS, redisConnectionOptions } from '@bleedkits/platform';
import { type ServiceProcess, type TestBed, createTestBed, startServiceProcess, waitFor } from '@bleedkits/platform/testing';

const OLD = 20_000;
const RECENT = 300;
const RETENTION_DAYS = 730;

/**
 * BullMQ runs a job at least once: the kits service, a real child process started through its own main.ts, is
 * killed (SIGKILL) while the daily audit retention's delete is under way. The delete is one statement: it ends with
 * the dead process's session, rolled back whole. The restarted process takes the stalled job over (its lock expires:
 * AUDIT_RETENTION_JOB_LOCK_MS) and purges it all: every entry older than AUDIT_RETENTION_DAYS goes, every newer one
 * stays, and BullMQ shows the one job completed, none failed.
 */
describe('an audit purge killed mid-job', () => {
  let bed: TestBed;
  let db: Client;
  let holder: Client;
  let queue: Queue;
  let kits: ServiceProcess | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    bed = await createTestBed('kits-retention-kill-test');
    db = new Client({ connectionString: bed.db.url });
    await db.connect();
    // Left alone, Postgres finishes a dead client's statement and commits it (the retry then has nothing left to
    // delete). Told to look for lost clients, it ends the session within 100 ms and rolls the delete back: the
    // harder case, where the retried job must do the whole purge.
    await db.query(`ALTER DATABASE ${bed.db.name} SET client_connection_check_interval = '100ms'`);
    env = {
      ...bed.env,
      POSTCODES_IO_BASE_URL: 'off',
      AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
      AUDIT_RETENTION_JOB_LOCK_MS: '2000',
      LOG_LEVEL: 'warn',
    };
    kits = await startServiceProcess('kits', env);
    // The trail as the years leave it: old entries (1,000 to 833 days ago, oldest first) written before the recent
    // ones (729 days ago to a week ago); INSERT is the one write the append-only table allows.
    await db.query(
      `INSERT INTO kits.audit_entries (at, actor_id, actor_email, actor_role, action, target_type, target_id, target_label)
       SELECT now() - interval '1000 days' + n * interval '12 minutes', 'admin-1', 'admin@example.org', 'admin', 'kit.approved', 'kit',
              'old-' || n, 'Kit ' || n
         FROM generate_series(1, $1) AS n`,
      [OLD],
    );
    await db.query(
      `INSERT INTO kits.audit_entries (at, actor_id, actor_email, actor_role, action, target_type, target_id, target_label)
       SELECT now() - interval '729 days' + n * interval '58 hours', 'admin-1', 'admin@example.org', 'admin', 'kit.edited', 'kit',
              'recent-' || n, 'Kit ' || n
         FROM generate_series(0, $1 - 1) AS n`,
      [RECENT],
    );
    queue = new Queue(QueueNames.kitsAuditRetention, {
      connection: redisConnectionOptions(bed.env.REDIS_URL),
      prefix: bed.env.QUEUE_PREFIX,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
  }, 60_000);
  afterAll(async () => {
    await kits?.kill('SIGKILL');
    await holder?.end().catch(() => undefined);
    await queue?.close();
    await db?.end();
    await bed?.close();
  });

  const entries = async () =>
    (
      await db.query<{ old: number; recent: number }>(
        `SELECT count(*) FILTER (WHERE target_id LIKE 'old-%')::int AS old, count(*) FILTER (WHERE target_id LIKE 'recent-%')::int AS recent
           FROM kits.audit_entries`,
      )
    ).rows[0];
  /** The purge's session, waiting for the row the test holds (null when there is none). */
  const waitingPurge = async () =>
    (
      await db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE '%purge_audit_entries%' AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      )
    ).rows[0]?.pid ?? null;
  const sessionAlive = async (pid: number) => (await db.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [pid])).rowCount === 1;

  // About 5 s here (a second boot of kits from source, the stalled job's 2 s lock, the purge); 45 s leaves room on a busy machine.
  it('kits killed while its purge deletes: the retried job purges everything older than the retention, once, and keeps the rest', async () => {
    // The newest old entry is the last the delete reaches (in table and in time order): held here, it stops the purge
    // half-way, its other deletions made and not committed, so the kill lands mid-job by construction.
    holder = new Client({ connectionString: bed.db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT id FROM kits.audit_entries WHERE target_id = $1 FOR UPDATE`, [`old-${OLD}`]);

    // A tick as the job scheduler adds it: the same job name and data, the register's job options.
    const job = await queue.add('purge-audit-entries', {}, { jobId: 'kill-test-purge' });
    let purge: number | null = null;
    await waitFor(async () => (purge = await waitingPurge()) !== null, 20_000);
    expect(await kits!.kill('SIGKILL')).toBeNull();
    kits = null;

    // The dead process's delete ends with its session, rolled back: every entry is still there.
    await waitFor(async () => !(await sessionAlive(purge!)), 10_000);
    await holder.query('ROLLBACK');
    expect(await entries()).toEqual({ old: OLD, recent: RECENT });
    expect(await job.getState()).toBe('active');

    kits = await startServiceProcess('kits', env);
    await waitFor(async () => ['completed', 'failed'].includes(await job.getState()), 30_000);

    // The restarted process took the stalled job over and purged the whole of it; BullMQ saw one job, completed.
    const done = (await queue.getJob(job.id!))!;
    expect(await done.getState()).toBe('completed');
    expect(done.returnvalue).toEqual({ removed: OLD });
    expect(done.stalledCounter).toBe(1);
    expect(await queue.getJobCounts('completed', 'failed', 'active', 'wait')).toEqual({ completed: 1, failed: 0, active: 0, wait: 0 });

    // Older than the retention: gone; newer (down to 729 days old): all kept.
    expect(await entries()).toEqual({ old: 0, recent: RECENT });
    const { rows } = await db.query<{ older: number }>(
      `SELECT count(*)::int AS older FROM kits.audit_entries WHERE at < now() - make_interval(days => $1)`,
      [RETENTION_DAYS],
    );
    expect(rows[0].older).toBe(0);
    await kits.kill('SIGTERM');
    kits = null;
  }, 45_000);
});
