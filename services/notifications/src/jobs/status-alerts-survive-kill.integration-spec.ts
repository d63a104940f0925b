import { Queue } from 'bullmq';
import { Client } from 'pg';
import { type Actor, EmailTemplateIds, QueueNames } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { DEFAULT_JOB_OPTIONS, redisConnectionOptions } from '@bleedkits/platform';
import { type ServiceProcess, type TestBed, createTestBed, startServiceProcess, waitFor } from '@bleedkits/platform/testing';
import { IdentityModule, readIdentityEnv } from '@bleedkits/identity';
import { type TestSmtpPeer, startTestSmtpPeer } from '../../test/smtp-peer';
import { FAST_RETRY_ENV } from '../../test/notifications-harness';

const ADMIN = { email: 'first.admin@example.org', password: 'Adm1n!Password' };
const MORE_ADMINS = ['second.admin@example.org', 'third.admin@example.org'];
const ALERT_SUBJECT = 'UK Bleed Kit Register: E-mail is failing';

/**
 * BullMQ runs a job at least once: the notifications service, a real child process started through its own main.ts,
 * is killed (SIGKILL) in the middle of a status check that is e-mailing three admins about a red item: the first
 * admin's alert sent, the second's being written, the third's not begun, the episode not yet marked mailed. After
 * a restart the stalled job runs again (its lock expires: STATUS_ALERT_JOB_LOCK_MS) and every admin has exactly
 * one alert at the SMTP peer; the episode is marked mailed, and the next tick sends nothing.
 */
describe('a status alert check killed mid-job', () => {
  let bed: TestBed;
  let db: Client;
  let queue: Queue;
  let smtp: TestSmtpPeer;
  let notifications: ServiceProcess | null = null;
  let env: Record<string, string>;
  let admins: string[];
  const holders: Client[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    bed = await createTestBed('notifications-alert-kill-test');
    // Identity answers who the admins are: the one it starts with, and two users an admin made admins.
    await bed.start('identity', IdentityModule.forRoot(readIdentityEnv({ ...bed.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })));
    const { user } = await bed.bus.request(IdentitySubjects.login, ADMIN);
    const actor: Actor = { id: user.id, role: user.role, email: user.email };
    for (const email of MORE_ADMINS) {
      const registered = await bed.bus.request(IdentitySubjects.register, {
        email,
        password: 'Us3r!Password',
        firstName: 'Other',
        lastName: 'Admin',
      });
      await bed.bus.request(IdentitySubjects.toggleRole, { actor, userId: registered.user.id });
    }
    admins = (await bed.bus.request(IdentitySubjects.adminEmails, {})).emails;
    expect(admins).toEqual([ADMIN.email, ...MORE_ADMINS]);

    env = { ...bed.env, ...FAST_RETRY_ENV, SMTP_URL: smtp.url, STATUS_ALERT_JOB_LOCK_MS: '2000', LOG_LEVEL: 'warn' };
    notifications = await startServiceProcess('notifications', env);
    db = new Client({ connectionString: bed.db.url });
    await db.connect();
    queue = new Queue(QueueNames.statusAlerts, {
      connection: redisConnectionOptions(bed.env.REDIS_URL),
      prefix: bed.env.QUEUE_PREFIX,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
  }, 60_000);
  afterAll(async () => {
    await notifications?.kill('SIGKILL');
    for (const h of holders) await h.end().catch(() => undefined);
    await queue?.close();
    await db?.end();
    await bed?.close();
    await smtp?.close();
  });

  /** A session of the test's own, to hold a lock the status check will wait for. */
  const holder = async () => {
    const c = new Client({ connectionString: bed.db.url });
    await c.connect();
    holders.push(c);
    await c.query('BEGIN');
    return c;
  };
  /** A session of the service waiting for a lock, on a statement starting with `sql`. */
  const waitingOn = async (sql: string) =>
    (
      await db.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1 AND pid <> pg_backend_pid()`,
        [`${sql}%`],
      )
    ).rowCount === 1;
  const alertRows = async () =>
    (
      await db.query<{ id: string; recipient: string; status: string }>(
        `SELECT id, recipient, status FROM notifications.outbox WHERE template_id = $1 ORDER BY created_at`,
        [EmailTemplateIds.systemStatusAlert],
      )
    ).rows;
  const episode = async () =>
    (
      await db.query<{ item: string; red_since: Date; mailed: boolean }>(
        `SELECT item, red_since, mailed_at IS NOT NULL AS mailed FROM notifications.status_alerts`,
      )
    ).rows;
  const alertsAtPeer = () => smtp.received.filter((m) => m.subject === ALERT_SUBJECT);
  /** One tick as the job scheduler adds it: the same job name and data, the register's job options. */
  const tick = (id: string) => queue.add('status-check', {}, { jobId: id });

  // About 6 s here (a second boot of notifications from source, the stalled job's 2 s lock, four e-mails); 45 s leaves room on a busy machine.
  it('notifications killed between two admins’ alerts: after a restart each admin has exactly one, the episode is mailed, the next tick sends none', async () => {
    // Hold 1: the check (this tick's, or the scheduler's if one comes) stops before writing its first e-mail. Taken
    // before the item turns red, so no check can slip past it.
    const templates = await holder();
    await templates.query(`LOCK TABLE notifications.email_templates IN ACCESS EXCLUSIVE MODE`);
    // The e-mail item turns red: a message failed for good within the last 24 hours.
    await db.query(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, subject, text_body, html_body, status, attempts, last_error)
       VALUES ('kill-test:failed', $1, 'gone@example.org', 'Gone', 'body', '<p>body</p>', 'failed', 25, '550 mailbox unavailable')`,
      [EmailTemplateIds.contactUserConfirmation],
    );
    const job = await tick('kill-test-tick-1');
    await waitFor(() => waitingOn('SELECT * FROM notifications.email_templates'), 20_000);
    const [red] = await episode();
    expect(red).toMatchObject({ item: 'email', mailed: false });
    expect(await alertRows()).toEqual([]);

    // Hold 2: the second admin's e-mail key, claimed by an open transaction of the test; the check's insert of it waits.
    const secondKey = await holder();
    await secondKey.query(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, subject, text_body, html_body)
       VALUES ($1, $2, $3, 'held', 'held', 'held')`,
      [`status-alert:email:${red.red_since.getTime()}:${admins[1]}`, EmailTemplateIds.systemStatusAlert, admins[1]],
    );
    await templates.query('COMMIT');
    await waitFor(() => waitingOn('INSERT INTO notifications.outbox'), 20_000);
    await waitFor(async () => (await alertRows()).some((r) => r.status === 'sent'), 20_000);

    // Mid-job: the first admin's alert is out, the second's insert waits, the third's is not begun, the episode is open.
    const running = await queue.getJobs(['active']);
    expect(running).toHaveLength(1);
    const [active] = running;
    expect(await notifications!.kill('SIGKILL')).toBeNull();
    notifications = null;
    expect((await alertRows()).map((r) => [r.recipient, r.status])).toEqual([[admins[0], 'sent']]);
    expect(alertsAtPeer().map((m) => m.envelopeTo)).toEqual([[admins[0]]]);
    expect((await episode())[0].mailed).toBe(false);
    await secondKey.query('ROLLBACK');

    // A new process finds the job stalled and runs the check again; the e-mails' keys stop a second alert.
    notifications = await startServiceProcess('notifications', env);
    await waitFor(async () => (await active.getState()) === 'completed' && (await job.getState()) === 'completed', 30_000);
    await waitFor(async () => (await alertRows()).filter((r) => r.status === 'sent').length === admins.length, 20_000);
    expect((await queue.getJob(active.id!))!.stalledCounter).toBe(1);
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });

    const rows = await alertRows();
    expect(rows.map((r) => r.recipient).sort()).toEqual([...admins].sort());
    const atPeer = alertsAtPeer();
    expect(atPeer.map((m) => m.envelopeTo).sort()).toEqual(admins.map((a) => [a]).sort());
    expect(atPeer.map((m) => m.messageId).sort()).toEqual(rows.map((r) => `<${r.id}@bleedkits.org.uk>`).sort());
    expect(await episode()).toEqual([{ item: 'email', red_since: red.red_since, mailed: true }]);

    // The next tick finds the episode mailed: the item is still red, and nobody is e-mailed again.
    const next = await tick('kill-test-tick-2');
    await waitFor(async () => (await next.getState()) === 'completed', 20_000);
    expect((await queue.getJob(next.id!))!.returnvalue).toEqual({ red: ['email'], mailed: 0 });
    expect(await alertRows()).toHaveLength(admins.length);
    expect(alertsAtPeer()).toHaveLength(admins.length);
    await notifications.kill('SIGTERM');
    notifications = null;
  }, 45_000);
});
