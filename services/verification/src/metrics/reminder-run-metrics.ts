import { epochSeconds, postgresGauge, sharedRead } from '@bleedkits/platform';

/**
 * Reminder runs for Prometheus, read from reminder_runs at each scrape: when each kind of run (kind="reminder-run",
 * the daily reminders; kind="admin-digest", the weekly digest) last finished, and how many attempts of the runs
 * started in the last 26 hours failed and were tried again. A kind never finished has no timestamp sample.
 */
type RunHealth = { kind: string; lastFinishedAt: Date | null; failedAttempts: number };

const read = sharedRead(
  async (db): Promise<RunHealth[]> =>
    (await db.query(
      `SELECT kind, max(finished_at) AS "lastFinishedAt",
              coalesce(sum(attempts - 1) FILTER (WHERE started_at > now() - interval '26 hours'), 0)::int AS "failedAttempts"
         FROM verification.reminder_runs GROUP BY kind`,
    )) as RunHealth[],
);

postgresGauge({
  name: 'bk_reminder_run_last_success_timestamp_seconds',
  help: 'When the last run of each kind finished (Unix seconds)',
  labelNames: ['kind'],
  read: async (db) =>
    (await read(db)).filter((r) => r.lastFinishedAt).map((r) => ({ labels: { kind: r.kind }, value: epochSeconds(r.lastFinishedAt!) })),
});

postgresGauge({
  name: 'bk_reminder_run_failures',
  help: 'Failed attempts (tried again) of the runs of each kind started in the last 26 hours',
  labelNames: ['kind'],
  read: async (db) => (await read(db)).map((r) => ({ labels: { kind: r.kind }, value: r.failedAttempts })),
});
