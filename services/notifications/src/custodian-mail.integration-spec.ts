import { Client } from 'pg';
import { CustodianMailMessages, EmailTemplateIds, ErrorCode, type OutboxStatus, type SendEmailRequest } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type ReceivedMail, type TestSmtpPeer, startTestSmtpPeer } from '../test/smtp-peer';
import { type NotificationsHarness, startNotifications } from '../test/notifications-harness';
import { signStopToken } from './domain/stop-link';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const INBOX = 'inbox@register.test';
const BASE = 'https://register.test';
const SECRET = 'integration-secret-of-at-least-32-characters';

/** Issue 29, mail as a relay: what the register sends to addresses nobody confirmed. */
describe('mail to unconfirmed addresses: contact confirmations and custodian e-mails', () => {
  let h: NotificationsHarness;
  let smtp: TestSmtpPeer;
  let pg: Client;
  const send = (req: SendEmailRequest) => h.bus.request(NotificationsSubjects.send, req);
  const mailsTo = (to: string) => smtp.received.filter((m) => m.envelopeTo.includes(to));
  const statusOf = async (id: string): Promise<OutboxStatus> => {
    const rows: { status: OutboxStatus }[] = (await pg.query(`SELECT status FROM notifications.outbox WHERE id = $1`, [id])).rows;
    return rows[0].status;
  };
  const reminder = (key: string, to: string, custodianKitIds: number[], serialNumber = 'SN-1'): SendEmailRequest => ({
    idempotencyKey: key,
    templateId: EmailTemplateIds.verificationReminder,
    to,
    variables: { custodianName: 'Pat', serialNumber, locationName: 'Village Hall', dueDate: '1 March 2027' },
    custodianKitIds,
  });
  const stopLinkOf = (mail: ReceivedMail) => {
    const url = /https:\/\/register\.test\/stop-emails\?token=\S+/.exec(mail.text)?.[0];
    if (!url) throw new Error('no stop link in the e-mail');
    return new URL(url);
  };
  const attemptsOf = async (id: string): Promise<number> => {
    const rows: { attempts: number }[] = (await pg.query(`SELECT attempts FROM notifications.outbox WHERE id = $1`, [id])).rows;
    return rows[0].attempts;
  };
  const header = (mail: ReceivedMail, name: string) => mail.parsed.headerLines.find((l) => l.key === name)?.line ?? '';
  /** Nothing else arrives within a moment: the worker had time to deliver what was queued. */
  const settle = () => new Promise((r) => setTimeout(r, 1500));

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    h = await startNotifications({
      SMTP_URL: smtp.url,
      CONTACT_INBOX_EMAIL: INBOX,
      PUBLIC_BASE_URL: BASE,
      CUSTODIAN_STOP_LINK_SECRET: SECRET,
      CUSTODIAN_MAIL_MAX_PER_DAY: '3',
      CONTACT_CONFIRMATIONS_MAX_PER_DAY: '2',
    });
    pg = new Client({ connectionString: h.db.url });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await h?.close();
    await smtp?.close();
  });

  it('confirms a contact message with a fixed text and the subject line only: none of the sender’s text or links', async () => {
    await h.bus.request(NotificationsSubjects.contact, {
      requestId: 'relay-contact-0001',
      name: 'Visit https://name.example',
      email: 'target@example.org',
      subject: 'Prize for you at www.prize.example <b>now</b>',
      message: 'Claim your refund today at https://refund.example/claim or mail claims@refund.example. Unique sender words.',
    });
    const [admin] = await smtp.waitFor((m) => m.envelopeTo.includes(INBOX) && m.text.includes('Unique sender words.'));
    expect(admin.parsed.replyTo?.value[0].address).toBe('target@example.org');
    const [confirmation] = await smtp.waitFor((m) => m.envelopeTo.includes('target@example.org'));
    for (const part of [confirmation.subject, confirmation.text, confirmation.html]) {
      expect(part).not.toMatch(/Unique sender words|refund|Claim your|name\.example|prize\.example|https?:\/\/(?!www\.w3\.org)/);
    }
    expect(confirmation.subject).toBe('We received your message: Prize for you at [link removed] <b>now</b>');
    expect(confirmation.text).toContain('We have received your message "Prize for you at [link removed] <b>now</b>"');
    expect(confirmation.html).toContain('<strong>Prize for you at [link removed] &lt;b&gt;now&lt;/b&gt;</strong>');
    expect(confirmation.html).not.toContain('<b>now</b>');
  });

  it('no longer offers the message to the confirmation template: an admin edit cannot bring it back', async () => {
    const { templates } = await h.bus.request(NotificationsSubjects.listTemplates, {});
    expect(templates.find((t) => t.id === EmailTemplateIds.contactUserConfirmation)!.variables.map((v) => v.name)).toEqual(['subject', 'year']);
    const edit = await rejection(
      h.bus.request(NotificationsSubjects.updateTemplate, {
        id: EmailTemplateIds.contactUserConfirmation,
        actor: { id: '00000000-0000-0000-0000-000000000001', role: 'admin', email: 'admin@register.test' },
        subject: 'Re: {{subject}}',
        htmlTemplate: '<p>{{message}}</p>',
        textTemplate: '{{message}}',
      }),
    );
    expect(edit.body.code).toBe(ErrorCode.ValidationFailed);
    expect(edit.body.errors!.join(' ')).toMatch(/unknown variable "message"/);
    const restock = templates.find((t) => t.id === EmailTemplateIds.kitDeployedRestock)!;
    expect(restock.variables.map((v) => v.name)).not.toContain('notes');
    expect(`${restock.htmlTemplate}${restock.textTemplate}`).not.toMatch(/notes/i);
  });

  it('sends at most the daily number of confirmations to one address; the admins get every message and the rest is held', async () => {
    const submit = (n: number) =>
      h.bus.request(NotificationsSubjects.contact, {
        requestId: `relay-limit-000${n}`,
        name: 'Sam',
        email: 'Flooded@Example.org',
        subject: `Message number ${n}`,
        message: 'A message of some length.',
      });
    for (const n of [1, 2, 3, 4]) await submit(n);
    await smtp.waitFor((m) => m.envelopeTo.includes(INBOX) && /Message number [1-4]/.test(m.subject), { count: 4 });
    await smtp.waitFor((m) => /flooded@example\.org/i.test(m.envelopeTo.join(',')), { count: 2 });
    await settle();
    expect(smtp.received.filter((m) => /flooded@example\.org/i.test(m.envelopeTo.join(',')))).toHaveLength(2);
    const held = await h.bus.request(NotificationsSubjects.outboxPage, { page: 1, status: 'held' });
    const mine = held.data.filter((m) => /flooded@example\.org/i.test(m.to));
    expect(mine).toHaveLength(2);
    expect(mine.every((m) => m.templateId === EmailTemplateIds.contactUserConfirmation && /24 hours/.test(m.lastError ?? ''))).toBe(true);
  });

  it('puts a stop link in every custodian e-mail; following it blocks that address for that kit and tells the admins once', async () => {
    const to = 'not-the-custodian@example.org';
    const first = await send(reminder('relay-stop:kit:101:1', to, [101], 'SN-101'));
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes(to));
    expect(mail.html).toMatch(/<a href="https:\/\/register\.test\/stop-emails\?token=[^"]+"[^>]*>Not your kit\? Stop these e-mails<\/a>/);
    expect(header(mail, 'list-unsubscribe')).toMatch(/<https:\/\/register\.test\/api\/custodian-mail\/stop\?token=[^>]+>/);
    expect(header(mail, 'list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/);
    expect(await statusOf(first.messageId)).toBe('sent');

    const token = stopLinkOf(mail).searchParams.get('token')!;
    expect(await h.bus.request(NotificationsSubjects.stopCustodianMail, { token })).toEqual({ message: CustodianMailMessages.stopped });
    const [told] = await smtp.waitFor((m) => m.envelopeTo.includes(INBOX) && m.subject === `Custodian e-mails stopped by ${to}`);
    expect(told.text).toContain('Kit 101');
    expect(told.text).toContain(`${BASE}/admin`);

    // The same kit to the same address again (any sender, any template): recorded as blocked, never sent.
    const again = await send(reminder('relay-stop:kit:101:2', to, [101], 'SN-101'));
    const digest = await send(reminder('relay-stop:digest:1', to, [102, 101], 'SN-DIGEST'));
    expect([again.status, digest.status]).toEqual(['blocked', 'blocked']);
    // Another kit still reaches the address.
    await send(reminder('relay-stop:kit:102:1', to, [102], 'SN-102'));
    await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.subject.includes('SN-102'));
    // Following the link again (the page, then the mail client's one-click) blocks nothing new and tells nobody twice.
    await h.bus.request(NotificationsSubjects.stopCustodianMail, { token });
    await h.bus.request(NotificationsSubjects.stopCustodianMail, { token });
    await settle();
    expect(mailsTo(to).map((m) => m.subject)).toEqual([mail.subject, expect.stringContaining('SN-102')]);
    expect(smtp.received.filter((m) => m.subject === `Custodian e-mails stopped by ${to}`)).toHaveLength(1);
  });

  it('blocks what was still waiting in the outbox for that address and kit', async () => {
    const to = 'queued-then-stopped@example.org';
    await smtp.stop();
    try {
      const waiting = await send(reminder('relay-wait:kit:201:1', to, [201]));
      await waitUntil(async () => (await attemptsOf(waiting.messageId)) >= 1);
      await h.bus.request(NotificationsSubjects.stopCustodianMail, { token: signStopToken(SECRET, { address: to, kitIds: [201] }) });
      expect(await statusOf(waiting.messageId)).toBe('blocked');
    } finally {
      await smtp.start();
    }
    await send(reminder('relay-wait:kit:202:1', 'after-the-outage@example.org', [202]));
    await smtp.waitFor((m) => m.envelopeTo.includes('after-the-outage@example.org'), { timeoutMs: 30_000 });
    await settle();
    expect(mailsTo(to)).toHaveLength(0);
  }, 60_000);

  it('refuses a stop link it did not sign with a validation error (400 over HTTP), blocking nothing', async () => {
    const to = 'forged@example.org';
    const res = await send(reminder('relay-forged:kit:301:1', to, [301]));
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes(to));
    const token = stopLinkOf(mail).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const otherKit = Buffer.from(JSON.stringify({ a: to, k: [302] })).toString('base64url');
    for (const bad of [`${otherKit}.${signature}`, `${payload}.x${signature.slice(1)}`, 'not-a-token', '']) {
      const err = await rejection(h.bus.request(NotificationsSubjects.stopCustodianMail, { token: bad }));
      expect({ code: err.body.code, message: err.body.message }).toEqual({
        code: ErrorCode.ValidationFailed,
        message: CustodianMailMessages.invalidToken,
      });
    }
    expect(await statusOf(res.messageId)).toBe('sent');
    expect((await send(reminder('relay-forged:kit:302:1', to, [302]))).status).toBe('queued');
  });

  it('sends at most the daily number of custodian e-mails to one address (a digest is one) and records the rest as held', async () => {
    const to = 'busy-custodian@example.org';
    const results = [];
    results.push(await send(reminder('relay-daily:digest', to, [401, 402, 403], 'SN-DIGEST')));
    for (const kit of [404, 405, 406, 407]) results.push(await send(reminder(`relay-daily:kit:${kit}`, to, [kit], `SN-${kit}`)));
    expect(results.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'held', 'held']);
    // Asking again for a held message returns it held: it is never sent later by a retry of its sender.
    expect(await send(reminder('relay-daily:kit:406', to, [406], 'SN-406'))).toMatchObject({ status: 'held', created: false });
    await smtp.waitFor((m) => m.envelopeTo.includes(to), { count: 3 });
    await settle();
    expect(
      mailsTo(to)
        .map((m) => m.subject.match(/SN-\w+/)?.[0])
        .sort(),
    ).toEqual(['SN-404', 'SN-405', 'SN-DIGEST']);
    // Other e-mails to the same address are not custodian e-mails and do not count.
    const reset = await send({
      idempotencyKey: 'relay-daily:reset',
      templateId: EmailTemplateIds.passwordReset,
      to,
      variables: { firstName: 'Pat', resetUrl: `${BASE}/reset-password?token=x`, expiresInMinutes: 60 },
    });
    expect(reset.status).toBe('queued');
    const held = await h.bus.request(NotificationsSubjects.outboxPage, { page: 1, status: 'held' });
    expect(held.data.filter((m) => m.to === to)).toHaveLength(2);
  });
});
