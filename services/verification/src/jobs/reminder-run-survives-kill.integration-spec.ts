import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { QueueNames, type VerificationReminderJob, addCalendarDays, londonToday } from '@bleedkits/contracts';
import { DEFAULT_JOB_OPTIONS, redisConnectionOptions } from '@bleedkits/platform';
import { type ServiceProcess, type TestBed, createTestBed, startServiceProcess, waitFor } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';

const SINGLE = 300;
const COUNCIL = 'kits@council.example.gov.uk';
const COMPANY = 'safety@company.example.com';
const CUSTODIANS = SINGLE + 2;

/**
 * BullMQ runs a job at least once: the verification process, then the notifications process, is killed (SIGKILL)
 * in the middle of a reminder run over 300 custodians with one kit each, a council with 120 kits and a company
 * with 3; after the restart every custodian still has exactly one e-mail of that run (one outbox message, and one
 * distinct message at the SMTP peer: a resend after a crash mid-send keeps its Message-ID).
 */
describe('a reminder run killed mid-job', () => {
  let bed: TestBed;
  let db: Client;
  let queue: Queue;
  let smtp: TestSmtpPeer;
  let verification: ServiceProcess | null = null;
  let notifications: ServiceProcess | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    bed = await createTestBed('verification-kill-test');
    await bed.start('kits', KitsModule.forRoot(readKitsEnv({ ...bed.env, POSTCODES_IO_BASE_URL: 'off' })));
    env = {
      ...bed.env,
      SMTP_URL: smtp.url,
      MAIL_BULK_RATE_PER_SECOND: '200',
      EMAIL_RETRY_BASE_DELAY_MS: '200',
      EMAIL_RETRY_MAX_DELAY_MS: '1000',
      OUTBOX_SWEEP_AFTER_SECONDS: '5',
      VERIFICATION_REMINDER_CRON: '0 0 1 1 *',
      VERIFICATION_DIGEST_CRON: '0 0 1 1 *',
      VERIFICATION_CATCHUP_INTERVAL_MS: '300',
      NOTIFICATIONS_TIMEOUT_MS: '1000',
      // A killed process's job is taken over once its lock expires: seconds here, 30 s by default.
      REMINDER_JOB_LOCK_MS: '3000',
      MAIL_JOB_LOCK_MS: '3000',
    };
    db = new Client({ connectionString: bed.db.url });
    await db.connect();
    // Overdue kits, written as the kits context writes them (each its own revision).
    await db.query(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, location_name, address_line1, city, postcode, latitude, longitude,
         purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email, status, next_verification_due)
       SELECT nextval('kits.revision_seq'), 'KILL-' || n, 'mere', 'unlocked_cabinet', 'Hall ' || n, n || ' Kill Street', 'Leeds', 'LS1 1AA', 53.8, -1.55,
         '2025-01-01', '2028-01-01', 'Custodian ' || n, '01130000000',
         CASE WHEN n <= $2 THEN 'custodian' || n || '@example.org' WHEN n <= $2 + 120 THEN $3 ELSE $4 END, 'active', $1::date
       FROM generate_series(1, $2 + 123) AS n`,
      [addCalendarDays(londonToday(), -5), SINGLE, COUNCIL, COMPANY],
    );
    // The register's job options (attempts and backoff), as the service's own queue adds jobs.
    queue = new Queue(QueueNames.verificationReminders, {
      connection: redisConnectionOptions(bed.env.REDIS_URL),
      prefix: bed.env.QUEUE_PREFIX,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    notifications = await startServiceProcess('notifications', env);
    verification = await startServiceProcess('verification', env);
    await waitFor(async () => (await db.query(`SELECT count(*)::int AS n FROM verification.kits WHERE active`)).rows[0].n === SINGLE + 123, 30_000);
  }, 90_000);
  afterAll(async () => {
    await verification?.kill('SIGKILL');
    await notifications?.kill('SIGKILL');
    await queue?.close();
    await db?.end();
    await bed?.close();
    await smtp?.close();
  });

  const outbox = async (runId: string) =>
    (
      await db.query<{ n: number; recipients: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS recipients FROM notifications.outbox WHERE batch = $1`,
        [`verification-run:${runId}`],
      )
    ).rows[0];
  const runStatus = async (runId: string) =>
    (await db.query(`SELECT status, attempts, custodians, custodians_done FROM verification.reminder_runs WHERE run_id = $1`, [runId])).rows[0];
  const startRun = async () => {
    const runId = randomUUID();
    const job: VerificationReminderJob = { kind: 'reminder-run', requestedBy: 'admin', runId };
    await queue.add('reminder-run', job, { jobId: `kill-test-${runId}` });
    return runId;
  };
  /** Every custodian got exactly one distinct message of the run at the SMTP peer. */
  const expectOneEmailPerCustodian = async (runId: string) => {
    const ids = (await db.query<{ id: string }>(`SELECT id FROM notifications.outbox WHERE batch = $1`, [`verification-run:${runId}`])).rows.map(
      (r) => r.id,
    );
    const mine = (messageId: string) => ids.some((id) => messageId.includes(id));
    // A message that was being sent when notifications died leaves only once BullMQ finds its job stalled (its lock,
    // MAIL_JOB_LOCK_MS, expires, then the next stalled check): seconds here, much more on a loaded machine.
    await waitFor(async () => new Set(smtp.received.filter((m) => mine(m.messageId)).map((m) => m.messageId)).size === CUSTODIANS, 150_000);
    const perRecipient = new Map<string, Set<string>>();
    for (const m of smtp.received.filter((r) => mine(r.messageId))) {
      for (const to of m.envelopeTo) perRecipient.set(to, (perRecipient.get(to) ?? new Set()).add(m.messageId));
    }
    expect(perRecipient.size).toBe(CUSTODIANS);
    expect([...perRecipient.values()].every((s) => s.size === 1)).toBe(true);
    expect(await outbox(runId)).toEqual({ n: CUSTODIANS, recipients: CUSTODIANS });
  };

  it('verification killed: the stalled run resumes and sends nothing twice', async () => {
    const runId = await startRun();
    await waitFor(async () => (await outbox(runId)).n >= 10, 30_000);
    await verification!.kill('SIGKILL');
    expect((await outbox(runId)).n).toBeLessThan(CUSTODIANS);

    // A new process finds the job stalled (its lock expires) and runs it again; the records and keys stop a second e-mail.
    verification = await startServiceProcess('verification', env);
    await waitFor(async () => (await runStatus(runId))?.status === 'done', 240_000);
    expect(await runStatus(runId)).toMatchObject({ custodians_done: CUSTODIANS });
    expect((await runStatus(runId)).attempts).toBeGreaterThanOrEqual(2);
    await expectOneEmailPerCustodian(runId);
  }, 500_000);

  it('notifications killed: the run retries what the outbox did not take, and every message leaves once', async () => {
    // A new due cycle for every kit (an admin's bulk update): each custodian is owed one e-mail again.
    await db.query(
      `UPDATE kits.kits SET next_verification_due = $1::date, revision = nextval('kits.revision_seq') WHERE serial_number LIKE 'KILL-%'`,
      [addCalendarDays(londonToday(), -2)],
    );
    await waitFor(
      async () =>
        (
          await db.query(`SELECT count(*)::int AS n FROM verification.kits WHERE active AND next_verification_due = $1::date`, [
            addCalendarDays(londonToday(), -2),
          ])
        ).rows[0].n ===
        SINGLE + 123,
      30_000,
    );
    const runId = await startRun();
    await waitFor(async () => (await outbox(runId)).n >= 10, 30_000);
    await notifications!.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1500));
    notifications = await startServiceProcess('notifications', env);
    await waitFor(async () => (await runStatus(runId))?.status === 'done', 240_000);
    await expectOneEmailPerCustodian(runId);
  }, 500_000);
});
