import { createTestBed, type TestBed } from '@bleedkits/platform/testing';
import { Client } from 'pg';
import { readVerificationEnv } from '../config/env';
import { VerificationModule } from '../verification.module';

/**
 * The reminder run is a BullMQ job scheduler: with two verification replicas and the schedule set to every second,
 * each tick makes one run, never one per replica.
 */
describe('the reminder schedule with two verification replicas', () => {
  let bed: TestBed;

  beforeAll(async () => {
    bed = await createTestBed('verification-schedule-test');
    const env = readVerificationEnv({ ...bed.env, VERIFICATION_REMINDER_CRON: '* * * * * *', VERIFICATION_DIGEST_CRON: '0 0 1 1 *' });
    await bed.start('verification', VerificationModule.forRoot(env));
    await bed.start('verification', VerificationModule.forRoot(env));
  });
  afterAll(async () => bed?.close());

  it('runs once per tick', async () => {
    await new Promise((r) => setTimeout(r, 5500));
    const db = new Client({ connectionString: bed.db.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ run_key: string; attempts: number; finished: boolean }>(
        `SELECT run_key, attempts, finished_at IS NOT NULL AS finished FROM verification.reminder_runs WHERE kind = 'reminder-run' ORDER BY id`,
      );
      // About five ticks in 5.5 s (more when the replicas were slow to start); BullMQ names each tick's job
      // `repeat:<scheduler>:<tick time>`. Once per tick is what follows: every tick distinct, a second apart, one attempt.
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const ticks = rows.map((r) => Number(r.run_key.split(':').pop()));
      expect(new Set(ticks).size).toBe(rows.length);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).toBeGreaterThanOrEqual(1000);
      expect(rows.slice(0, -1).every((r) => r.finished)).toBe(true);
    } finally {
      await db.end();
    }
  });
});
