import { Client } from 'pg';
import {
  type Actor,
  type EmailTemplateId,
  EmailTemplateIds,
  EmailTemplateVariableNames,
  ErrorCode,
  type OutboxStatus,
  type SendEmailRequest,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type TestSmtpPeer, startTestSmtpPeer } from '../test/smtp-peer';
import { type NotificationsHarness, startNotifications } from '../test/notifications-harness';

const INBOX = 'inbox@register.test';

describe('notifications over NATS, delivering to a real SMTP peer', () => {
  let h: NotificationsHarness;
  let smtp: TestSmtpPeer;
  const send = (req: SendEmailRequest) => h.bus.request(NotificationsSubjects.send, req);
  const outbox = (page = 1, status?: OutboxStatus) => h.bus.request(NotificationsSubjects.outboxPage, { page, status });
  const rowOf = async (id: string) => {
    for (let page = 1; ; page++) {
      const res = await outbox(page);
      const row = res.data.find((m) => m.id === id);
      if (row) return row;
      if (page >= res.pagination.pageCount) throw new Error(`outbox row ${id} not found`);
    }
  };

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    h = await startNotifications({ SMTP_URL: smtp.url, CONTACT_INBOX_EMAIL: INBOX, MAIL_FROM: 'Register <no-reply@register.test>' });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('seeds the templates with the variables the contract names', async () => {
    const { templates } = await h.bus.request(NotificationsSubjects.listTemplates, {});
    expect(templates.map((t) => t.id).sort()).toEqual(Object.values(EmailTemplateIds).sort());
    for (const t of templates) {
      expect(t.variables.map((v) => v.name)).toEqual([...EmailTemplateVariableNames[t.id]]);
      expect(t.variables.every((v) => v.description.length > 0)).toBe(true);
    }
    const reminder = templates.find((t) => t.id === 'verification_reminder')!;
    expect(reminder).toMatchObject({ name: 'Verification Reminder', category: 'verification' });
    expect(templates.find((t) => t.id === 'contact_admin_notification')!.category).toBe('contact');
  });

  it('delivers a queued message once, with the variables rendered and HTML-escaped, under a Message-ID from its outbox id', async () => {
    const res = await send({
      idempotencyKey: 'verification_reminder:kit:1:due:2027-03-01',
      templateId: EmailTemplateIds.verificationReminder,
      to: 'custodian@example.org',
      variables: { custodianName: 'Ann <b>Lee</b> & Co', serialNumber: 'SN-1', locationName: 'Village Hall', dueDate: '1 March 2027' },
    });
    expect(res).toEqual({ messageId: expect.any(String), status: 'queued', created: true });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('custodian@example.org'));
    expect(mail.subject).toBe('Bleed kit verification due: SN-1 at Village Hall');
    expect(mail.text).toContain('Dear Ann <b>Lee</b> & Co,');
    expect(mail.html).toContain('Dear Ann &lt;b&gt;Lee&lt;/b&gt; &amp; Co,');
    expect(mail.html).not.toContain('<b>Lee</b>');
    expect(mail.messageId).toBe(`<${res.messageId}@register.test>`);
    expect(mail.parsed.from?.value[0]).toMatchObject({ name: 'Register', address: 'no-reply@register.test' });
    expect(mail.user).toBe('tester');
    expect(mail.text).toContain(String(new Date().getFullYear()));

    await waitUntil(async () => (await rowOf(res.messageId)).status === 'sent');
    expect(await rowOf(res.messageId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      to: 'custodian@example.org',
      templateId: 'verification_reminder',
    });
  });

  it('sends one e-mail however often the same idempotency key is asked', async () => {
    const req = {
      idempotencyKey: 'twice:1',
      templateId: EmailTemplateIds.contactUserConfirmation,
      to: 'twice@example.org',
      variables: { subject: 'Hello there' },
    };
    const [a, b] = await Promise.all([send(req), send(req)]);
    const c = await send(req);
    expect(new Set([a.messageId, b.messageId, c.messageId]).size).toBe(1);
    expect([a.created, b.created, c.created].filter(Boolean)).toHaveLength(1);
    await smtp.waitFor((m) => m.envelopeTo.includes('twice@example.org'));
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.filter((m) => m.envelopeTo.includes('twice@example.org'))).toHaveLength(1);
  });

  it('keeps a message while SMTP is down and delivers it when the server is back, counting the attempts', async () => {
    await smtp.stop();
    const res = await send({
      idempotencyKey: 'outage:1',
      templateId: EmailTemplateIds.contactUserConfirmation,
      to: 'outage@example.org',
      variables: { subject: 'During the outage' },
    });
    await waitUntil(async () => (await rowOf(res.messageId)).attempts >= 3);
    const waiting = await rowOf(res.messageId);
    expect(waiting.status).not.toBe('sent');
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('outage@example.org'), { timeoutMs: 30_000 });
    expect(mail.subject).toBe('We received your message: During the outage');
    await waitUntil(async () => (await rowOf(res.messageId)).status === 'sent');
    const sent = await rowOf(res.messageId);
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.lastError).toBeNull();
    expect(smtp.received.filter((m) => m.envelopeTo.includes('outage@example.org'))).toHaveLength(1);
  }, 60_000);

  it('never lets CR/LF in a name or subject add a header or a recipient', async () => {
    const evil = 'Eve\r\nBcc: victim@example.org\r\nX-Injected: yes';
    const res = await h.bus.request(NotificationsSubjects.contact, {
      requestId: 'contact-crlf-0001',
      name: evil,
      email: 'eve@example.org',
      subject: `Hi\r\nBcc: victim@example.org\nX-Injected: yes`,
      message: 'A message that is long enough.',
    });
    expect(res.message).toBe('Thank you for your message. We will respond as soon as possible.');
    const [admin] = await smtp.waitFor((m) => m.envelopeTo.includes(INBOX) && m.text.includes('A message that is long enough.'));
    const [confirmation] = await smtp.waitFor((m) => m.envelopeTo.includes('eve@example.org'));
    for (const mail of [admin, confirmation]) {
      expect(mail.envelopeTo).toHaveLength(1);
      expect(mail.parsed.headers.has('bcc')).toBe(false);
      expect(mail.parsed.headers.has('x-injected')).toBe(false);
      const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0];
      expect(headerBlock).not.toMatch(/^(bcc|x-injected):/im);
    }
    expect(admin.subject).toBe('New contact message: Hi Bcc: victim@example.org X-Injected: yes');
    expect(admin.parsed.replyTo?.value[0].address).toBe('eve@example.org');
    expect(admin.text).toContain('From: Eve\r\nBcc: victim@example.org\r\nX-Injected: yes <eve@example.org>'.replace(/\r\n/g, '\n'));
    expect(smtp.received.some((m) => m.envelopeTo.includes('victim@example.org'))).toBe(false);
  });

  it('refuses a contact message with every failed rule at once', async () => {
    const err = await rejection(
      h.bus.request(NotificationsSubjects.contact, {
        requestId: 'contact-bad-0001',
        name: 'A',
        email: 'a,b@example.org',
        subject: 'Hi',
        message: 'short',
      }),
    );
    expect(err.body.code).toBe(ErrorCode.ValidationFailed);
    expect(err.body.errors).toEqual([
      'Please enter your name',
      'Please enter a valid email address',
      'Please enter a subject',
      'Message must be at least 10 characters',
    ]);
  });

  it('refuses unknown variables, an unknown template and a recipient list', async () => {
    const unknown = await rejection(
      send({ idempotencyKey: 'bad:1', templateId: 'contact_user_confirmation', to: 'x@example.org', variables: { subject: 's', nope: 'x' } }),
    );
    expect(unknown.body.code).toBe(ErrorCode.ValidationFailed);
    expect(unknown.body.message).toContain('nope');
    const missing = await rejection(
      send({ idempotencyKey: 'bad:2', templateId: 'no_such_template' as EmailTemplateId, to: 'x@example.org', variables: {} }),
    );
    expect(missing.body.code).toBe(ErrorCode.NotFound);
    const list = await rejection(
      send({ idempotencyKey: 'bad:3', templateId: 'contact_user_confirmation', to: 'a@example.org, b@example.org', variables: {} }),
    );
    expect(list.body.errors).toEqual(['to must be one valid email address']);
  });

  it('saves a template edit only when it compiles and names declared variables, and uses it for the next message', async () => {
    const admin: Actor = { id: '00000000-0000-0000-0000-000000000001', role: 'admin', email: 'admin@register.test' };
    const base = {
      id: 'contact_user_confirmation',
      actor: admin,
      htmlTemplate: '<p>{{subject}}</p>',
      textTemplate: '{{subject}}',
    };
    const unknown = await rejection(h.bus.request(NotificationsSubjects.updateTemplate, { ...base, subject: 'Re: {{subjcet}}' }));
    expect(unknown.body.code).toBe(ErrorCode.ValidationFailed);
    expect(unknown.body.errors).toEqual(['Subject: unknown variable "subjcet"; this template\'s variables are: subject, year']);
    const broken = await rejection(
      h.bus.request(NotificationsSubjects.updateTemplate, { ...base, subject: 'ok', htmlTemplate: '<p>{{#if subject}}unclosed</p>' }),
    );
    expect(broken.body.errors![0]).toMatch(/^HTML template does not compile: /);
    const raw = await rejection(
      h.bus.request(NotificationsSubjects.updateTemplate, { ...base, subject: 'ok', htmlTemplate: '<p>{{{subject}}}</p>' }),
    );
    expect(raw.body.errors![0]).toMatch(/unescaped HTML/);
    const helper = await rejection(h.bus.request(NotificationsSubjects.updateTemplate, { ...base, subject: '{{> header}}' }));
    expect(helper.body.errors![0]).toMatch(/partials/);

    const saved = await h.bus.request(NotificationsSubjects.updateTemplate, { ...base, subject: 'Edited: {{subject}}' });
    expect(saved.template.subject).toBe('Edited: {{subject}}');
    const preview = await h.bus.request(NotificationsSubjects.preview, {
      templateId: 'contact_user_confirmation',
      variables: { subject: '<i>hi</i>' },
    });
    expect(preview).toEqual({ subject: 'Edited: <i>hi</i>', html: '<p>&lt;i&gt;hi&lt;/i&gt;</p>', text: '<i>hi</i>' });
    await send({
      idempotencyKey: 'edited:1',
      templateId: 'contact_user_confirmation',
      to: 'edited@example.org',
      variables: { subject: 'After the edit' },
    });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('edited@example.org'));
    expect(mail.subject).toBe('Edited: After the edit');
  });

  it('pages the outbox newest first and filters by status', async () => {
    for (let i = 0; i < 27; i++) {
      await send({
        idempotencyKey: `page:${i}`,
        templateId: 'contact_user_confirmation',
        to: `page-${i}@example.org`,
        variables: { subject: `n${i}` },
      });
    }
    const first = await outbox(1);
    expect(first.pagination.pageSize).toBe(25);
    expect(first.data).toHaveLength(25);
    expect(first.pagination.total).toBeGreaterThanOrEqual(27);
    expect(first.data[0].to).toBe('page-26@example.org');
    const second = await outbox(2);
    expect(second.data.map((m) => m.id)).not.toEqual(expect.arrayContaining([first.data[0].id]));
    expect(JSON.stringify(first)).not.toMatch(/html|textBody|text_body/i);
    await waitUntil(async () => (await outbox(1, 'queued')).pagination.total === 0 && (await outbox(1, 'sending')).pagination.total === 0);
    const sent = await outbox(1, 'sent');
    expect(sent.data.every((m) => m.status === 'sent')).toBe(true);
    expect((await rejection(outbox(0))).body.code).toBe(ErrorCode.ValidationFailed);
    expect((await rejection(outbox(1, 'lost' as OutboxStatus))).body.code).toBe(ErrorCode.ValidationFailed);
  });

  it('enqueues a stored message that lost its job (the process died between insert and enqueue)', async () => {
    const db = new Client({ connectionString: h.db.url });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications.outbox (idempotency_key, template_id, recipient, subject, text_body, html_body, created_at, updated_at)
       VALUES ('orphan:1', 'contact_user_confirmation', 'orphan@example.org', 'Orphaned', 'body', '<p>body</p>', now() - interval '2 minutes', now() - interval '2 minutes')
       RETURNING id`,
    );
    await db.end();
    const { OutboxSweeper } = await import('./schedules/outbox-sweeper');
    expect(await h.service.get(OutboxSweeper).sweep()).toEqual({ requeued: 1 });
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('orphan@example.org'));
    expect(mail.messageId).toBe(`<${rows[0].id}@register.test>`);
    expect(await h.service.get(OutboxSweeper).sweep()).toEqual({ requeued: 0 });
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
