import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { QueueNames, type VerificationReminderJob, addCalendarDays, londonToday } from '@bleedkits/contracts';
import { redisConnectionOptions } from '@bleedkits/platform';
import { type ServiceProcess, type TestBed, createTestBed, startServiceProcess } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { NotificationsModule, readNotificationsEnv } from '@bleedkits/notifications';

const KITS = 300;

/**
 * BullMQ runs a job at least once: the verification process is killed (SIGKILL) in the middle of a reminder run, a
 * new one picks the stalled job up, and every custodian still gets exactly one reminder.
 */
describe('a reminder run killed mid-job', () => {
  let bed: TestBed;
  let db: Client;
  let queue: Queue;
  let verification: ServiceProcess | null = null;
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'verification-kill-'));

  beforeAll(async () => {
    bed = await createTestBed('verification-kill-test');
    await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' })));
    await bed.start('notifications', NotificationsModule.forRoot(readNotificationsEnv({ ...bed.env, OUTBOX_DIR: outboxDir })));
    db = new Client({ connectionString: bed.db.url });
    await db.connect();
    // Active kits due in five days, written as the kits context writes them (each its own revision).
    await db.query(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, location_name, address_line1, city, postcode, latitude, longitude,
         purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email, status, next_verification_due)
       SELECT nextval('kits.revision_seq'), 'KILL-' || n, 'mere', 'unlocked_cabinet', 'Hall ' || n, n || ' Kill Street', 'Leeds', 'LS1 1AA', 53.8, -1.55,
         '2025-01-01', '2028-01-01', 'Custodian ' || n, '01130000000', 'custodian' || n || '@example.org', 'active', $1::date
       FROM generate_series(1, $2) AS n`,
      [addCalendarDays(londonToday(), 5), KITS],
    );
    queue = new Queue(QueueNames.verificationReminders, { connection: redisConnectionOptions(bed.env.REDIS_URL), prefix: bed.env.QUEUE_PREFIX });
  }, 60_000);
  afterAll(async () => {
    await verification?.kill('SIGKILL');
    await queue?.close();
    await db?.end();
    await bed?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const reminders = async () =>
    (
      await db.query<{ n: number; recipients: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS recipients FROM notifications.outbox WHERE template_id = 'verification_reminder'`,
      )
    ).rows[0];
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('sends every reminder exactly once', async () => {
    const env = {
      ...bed.env,
      VERIFICATION_REMINDER_CRON: '0 0 1 1 *',
      VERIFICATION_DIGEST_CRON: '0 0 1 1 *',
      VERIFICATION_CATCHUP_INTERVAL_MS: '300',
    };
    verification = await startServiceProcess('verification', env);
    await until(async () => (await db.query(`SELECT count(*)::int AS n FROM verification.kits WHERE active`)).rows[0].n === KITS, 30_000);

    const job: VerificationReminderJob = { kind: 'reminder-run', requestedBy: 'admin' };
    await queue.add('reminder-run', job, { jobId: 'kill-test-run' });
    await until(async () => (await reminders()).n >= 10, 30_000);
    await verification.kill('SIGKILL');
    const atKill = (await reminders()).n;
    expect(atKill).toBeLessThan(KITS);

    // A new process finds the job stalled (its lock expires) and runs it again; the keys stop any second e-mail.
    verification = await startServiceProcess('verification', env);
    await until(async () => (await reminders()).n === KITS, 150_000);
    await until(async () => (await queue.getJob('kill-test-run'))?.finishedOn !== undefined, 60_000);
    expect(await reminders()).toEqual({ n: KITS, recipients: KITS });
    const run = (await db.query(`SELECT attempts, result FROM verification.reminder_runs WHERE run_key = 'job:kill-test-run'`)).rows[0];
    expect(run.attempts).toBeGreaterThanOrEqual(2);
    expect(run.result).toMatchObject({ kitsChecked: KITS, failed: 0 });
    expect(run.result.remindersSent + run.result.alreadySent).toBe(KITS);
    expect(run.result.alreadySent).toBeGreaterThanOrEqual(atKill);
  }, 300_000);
});
