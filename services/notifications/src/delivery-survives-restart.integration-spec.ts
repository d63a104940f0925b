import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { simpleParser } from 'mailparser';
import { EmailTemplateIds } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { type ServiceProcess, type TestBed, createTestBed, startServiceProcess } from '@bleedkits/platform/testing';
import { type TestSmtpPeer, startTestSmtpPeer } from '../test/smtp-peer';
import { FAST_RETRY_ENV } from '../test/notifications-harness';

describe('notifications as a real process', () => {
  let bed: TestBed;
  let smtp: TestSmtpPeer;
  let proc: ServiceProcess | undefined;
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'bk-outbox-'));

  beforeAll(async () => {
    bed = await createTestBed('notifications-process-test');
    smtp = await startTestSmtpPeer();
  });
  afterAll(async () => {
    await proc?.kill('SIGKILL');
    await bed?.close();
    await smtp?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const send = (key: string, to: string) =>
    bed.bus.request(NotificationsSubjects.send, {
      idempotencyKey: key,
      templateId: EmailTemplateIds.contactUserConfirmation,
      to,
      variables: { subject: `Subject of ${key}` },
    });

  it('delivers every queued message exactly once after the service is killed and started again', async () => {
    const env = {
      ...bed.env,
      ...FAST_RETRY_ENV,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Register <no-reply@register.test>',
      // A dead process's job is taken over once its lock expires, and the orphan at the next sweep: seconds here,
      // 30 s and a minute by default.
      MAIL_JOB_LOCK_MS: '3000',
      OUTBOX_SWEEP_CRON: '*/2 * * * * *',
    };
    proc = await startServiceProcess('notifications', env);
    await smtp.stop();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await send(`restart:${i}`, `restart-${i}@example.org`));
    expect(sent.every((s) => s.created && s.status === 'queued')).toBe(true);
    await new Promise((r) => setTimeout(r, 600)); // a first attempt or two fail against the closed port
    await proc.kill('SIGKILL');

    // While it is down: a message stored but never enqueued, as if a process died between the two.
    const db = new Client({ connectionString: bed.db.url });
    await db.connect();
    const orphan = await db.query<{ id: string }>(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, subject, text_body, html_body, updated_at)
       VALUES ('restart:orphan', 'contact_user_confirmation', 'restart-orphan@example.org', 'Orphan', 'body', '<p>body</p>', now() - interval '5 minutes') RETURNING id`,
    );
    await smtp.start();
    proc = await startServiceProcess('notifications', env);

    const recipients = [...sent.map((_, i) => `restart-${i}@example.org`), 'restart-orphan@example.org'];
    // A message active when the process died waits out BullMQ's job lock and the stalled check, the orphan the next
    // sweep: a few seconds on a quiet machine, longer on a busy one.
    await smtp.waitFor((m) => recipients.includes(m.envelopeTo[0]), { count: recipients.length, timeoutMs: 180_000 });
    const mails = smtp.received.filter((m) => recipients.includes(m.envelopeTo[0]));
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([...recipients].sort());
    expect(mails.map((m) => m.messageId).sort()).toEqual(
      [...sent.map((s) => `<${s.messageId}@register.test>`), `<${orphan.rows[0].id}@register.test>`].sort(),
    );

    // Nothing arrives twice, and every row says sent.
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.received.filter((m) => recipients.includes(m.envelopeTo[0]))).toHaveLength(recipients.length);
    const { rows } = await db.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM notifications.outbox WHERE idempotency_key LIKE 'restart:%'`,
    );
    await db.end();
    expect(rows.every((r) => r.status === 'sent' && r.attempts >= 1)).toBe(true);
    await proc.kill('SIGTERM');
  }, 240_000);

  it('without SMTP_URL writes each message as a parseable .eml file and says so at start', async () => {
    const env = { ...bed.env, ...FAST_RETRY_ENV, OUTBOX_DIR: outboxDir, QUEUE_PREFIX: `${bed.env.QUEUE_PREFIX}-eml` };
    proc = await startServiceProcess('notifications', env);
    expect(proc.output()).toContain(`SMTP_URL is not set: e-mails are written as .eml files to ${outboxDir}`);
    const res = await send('eml:1', 'eml@example.org');
    const file = path.join(outboxDir, `${res.messageId}.eml`);
    const deadline = Date.now() + 20_000;
    while (!readdirSync(outboxDir).includes(`${res.messageId}.eml`)) {
      if (Date.now() > deadline) throw new Error('no .eml file written');
      await new Promise((r) => setTimeout(r, 100));
    }
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe('We received your message: Subject of eml:1');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0].address : null).toBe('eml@example.org');
    expect(parsed.messageId).toBe(`<${res.messageId}@bleedkits.org.uk>`);
    // The confirmation repeats the subject line only (issue 29), and says it was machine-sent (issue 24).
    expect(parsed.text).toContain('"Subject of eml:1"');
    expect(parsed.html).toContain('Subject of eml:1');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    await proc.kill('SIGTERM');
  }, 60_000);
});
