import { Queue } from 'bullmq';
import { Client } from 'pg';
import { type EmailDeliveryJob, EmailDeliveryJobNames, QueueNames } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { redisConnectionOptions } from '@bleedkits/platform';
import { type NotificationsHarness, startNotifications } from '../../test/notifications-harness';
import { type TestSmtpPeer, startTestSmtpPeer } from '../../test/smtp-peer';
import { deliveryJobOptions } from './delivery-retry';

const BULK = 20_000;
const RATE = 20;

/**
 * Two lanes (real Postgres, Redis, NATS and an SMTP peer on 127.0.0.1): with 20,000 reminders waiting in the bulk
 * lane, a password reset still arrives within seconds, and bulk mail leaves no faster than MAIL_BULK_RATE_PER_SECOND.
 */
describe('mail lanes: transactional mail never waits behind bulk mail', () => {
  let h: NotificationsHarness;
  let smtp: TestSmtpPeer;
  let db: Client;
  let bulkQueue: Queue<EmailDeliveryJob>;

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    h = await startNotifications({ SMTP_URL: smtp.url, MAIL_BULK_RATE_PER_SECOND: String(RATE), MAIL_BULK_CONCURRENCY: '4' });
    db = new Client({ connectionString: h.db.url });
    await db.connect();
    bulkQueue = new Queue(QueueNames.emailBulk, { connection: redisConnectionOptions(h.env.REDIS_URL), prefix: h.env.QUEUE_PREFIX });
  }, 60_000);
  afterAll(async () => {
    await bulkQueue?.close();
    await db?.end();
    await h?.close();
    await smtp?.close();
  });

  it(`a password reset reaches the SMTP peer within 10 s with ${BULK} bulk messages queued; bulk leaves at most ${RATE}/s`, async () => {
    // 20,000 reminders in the outbox and the bulk lane, as a national run leaves them (written in one statement).
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, subject, text_body, html_body)
       SELECT 'lane-test:' || n, 'verification_overdue', 'custodian' || n || '@example.org', 'Overdue ' || n, 'text', '<p>html</p>'
         FROM generate_series(1, $1) AS n RETURNING id`,
      [BULK],
    );
    const policy = { attempts: 5, baseDelayMs: 200, maxDelayMs: 1000 };
    for (let i = 0; i < rows.length; i += 2000) {
      await bulkQueue.addBulk(
        rows
          .slice(i, i + 2000)
          .map((r) => ({ name: EmailDeliveryJobNames.deliver, data: { outboxId: r.id }, opts: deliveryJobOptions(r.id, policy) })),
      );
    }
    const bulkArrived = () => smtp.received.filter((m) => m.subject.startsWith('Overdue ')).length;
    while (bulkArrived() === 0) await new Promise((r) => setTimeout(r, 50));
    const start = Date.now();
    const atStart = bulkArrived();

    await h.bus.request(NotificationsSubjects.send, {
      idempotencyKey: 'lane-test:reset',
      templateId: 'password_reset',
      to: 'forgot@example.org',
      variables: { firstName: 'Sam', resetUrl: 'http://localhost:8080/reset-password?token=abc', expiresInMinutes: 60 },
    });
    const [reset] = await smtp.waitFor((m) => m.envelopeTo.includes('forgot@example.org'), { timeoutMs: 10_000 });
    const resetAfterMs = Date.now() - start;
    expect(resetAfterMs).toBeLessThan(10_000);
    expect(reset.parsed.headerLines.find((l) => l.key === 'auto-submitted')?.line).toBe('Auto-Submitted: auto-generated');
    expect(reset.parsed.headerLines.find((l) => l.key === 'precedence')).toBeUndefined();

    // The bulk lane over a few seconds: never above the rate (a tolerance of one window's worth), and still moving.
    // How close to the rate it gets depends on the machine's load: that is bench:mail's figure, not a test's.
    await new Promise((r) => setTimeout(r, Math.max(0, 5000 - (Date.now() - start))));
    const seconds = (Date.now() - start) / 1000;
    const sent = bulkArrived() - atStart;
    expect(sent).toBeLessThanOrEqual(RATE * seconds + RATE);
    expect(sent).toBeGreaterThan(0);
    expect(bulkArrived()).toBeLessThan(BULK);
  }, 120_000);
});
