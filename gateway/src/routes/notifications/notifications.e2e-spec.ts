import { Logger } from '@nestjs/common';
import { ContactMessages, EmailTemplateIds, FORGOT_PASSWORD_ANSWER } from '@bleedkits/contracts';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

const password = 'Str0ng!pass';
const FAST = { EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' };

describe('e-mail over HTTP: contact, templates, test e-mails, the outbox and forgot-password', () => {
  let stack: Stack;
  let smtp: TestSmtpPeer;
  let admin: HttpClient;
  let user: HttpClient;
  const logged: string[] = [];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    // Every log call of the whole stack, to prove that no reset link or token is ever logged.
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      spies.push(jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args))));
    }
    smtp = await startTestSmtpPeer();
    stack = await startStack({
      contexts: ['identity', 'notifications'],
      serviceEnv: { notifications: { SMTP_URL: smtp.url, ...FAST } },
      gatewayEnv: { CONTACT_MAX_MESSAGES_PER_CLIENT: '3', CONTACT_RATE_WINDOW_SECONDS: '600' },
    });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    user = new HttpClient(stack.baseUrl);
    expect((await user.post('/api/auth/register', { email: 'member@example.org', password, firstName: 'Mem', lastName: 'Ber' })).status).toBe(201);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
    for (const s of spies) s.mockRestore();
  });

  describe('POST /api/contact', () => {
    it('answers 202 once queued and e-mails every admin and the sender', async () => {
      const res = await new HttpClient(stack.baseUrl).post('/api/contact', {
        name: 'Sam Visitor',
        email: 'sam@example.org',
        subject: 'Kit at the library',
        message: 'The kit at the library looks opened.',
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: ContactMessages.sent });
      const [toAdmin] = await smtp.waitFor((m) => m.envelopeTo.includes(ADMIN.email) && m.subject === 'New contact message: Kit at the library');
      expect(toAdmin.text).toContain('The kit at the library looks opened.');
      expect(toAdmin.parsed.replyTo?.value[0].address).toBe('sam@example.org');
      const [toSender] = await smtp.waitFor((m) => m.envelopeTo.includes('sam@example.org'));
      expect(toSender.subject).toBe('We received your message: Kit at the library');
    });

    it('refuses each invalid field with the spec message, all at once', async () => {
      const c = new HttpClient(stack.baseUrl);
      const all = await c.post('/api/contact', { name: 'S', email: 'nope', subject: 'Hey', message: 'too short' });
      expect(all.status).toBe(400);
      expect(all.body.errors).toEqual([ContactMessages.name, ContactMessages.email, ContactMessages.subject, ContactMessages.message]);
      const valid = { name: 'Sam', email: 'sam@example.org', subject: 'A subject', message: 'A message of some length.' };
      const cases: [string, unknown, string][] = [
        ['name', 'S', ContactMessages.name],
        ['email', 'sam@', ContactMessages.email],
        ['subject', 'Hey', ContactMessages.subject],
        ['message', 'Short', ContactMessages.message],
        ['message', 'x'.repeat(5001), ContactMessages.messageTooLong],
        ['name', undefined, ContactMessages.name],
      ];
      for (const [field, value, message] of cases) {
        const res = await c.post('/api/contact', { ...valid, [field]: value });
        expect({ field, status: res.status, errors: res.body.errors }).toEqual({ field, status: 400, errors: [message] });
        expect(res.body.message).toBe(message);
      }
    });

    it('answers 429 past the per-client limit', async () => {
      const c = new HttpClient(stack.baseUrl);
      const valid = { name: 'Sam', email: 'limit@example.org', subject: 'Another one', message: 'A message of some length.' };
      // The first test's message counts too: the limit is 3 per client address.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await c.post('/api/contact', valid)).status);
      expect(statuses).toEqual([202, 202, 429]);
      const limited = await c.post('/api/contact', valid);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many messages. Please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('templates and test e-mails', () => {
    it('lists the templates for admins only', async () => {
      const res = await admin.get('/api/admin/email-templates');
      expect(res.status).toBe(200);
      const ids = res.body.templates.map((t: { id: string }) => t.id);
      expect(ids).toEqual(
        expect.arrayContaining(['verification_reminder', 'verification_overdue', 'contact_admin_notification', 'contact_user_confirmation']),
      );
      expect(res.body.templates[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        subject: expect.any(String),
        category: expect.any(String),
        variables: expect.any(Array),
        htmlTemplate: expect.any(String),
        textTemplate: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await new HttpClient(stack.baseUrl).get('/api/admin/email-templates')).status).toBe(401);
      expect((await user.get('/api/admin/email-templates')).status).toBe(403);
      expect(
        (await user.put('/api/admin/email-templates/verification_reminder', { subject: 'x', htmlTemplate: 'x', textTemplate: 'x' })).status,
      ).toBe(403);
      expect((await user.get('/api/admin/email-outbox')).status).toBe(403);
    });

    it('refuses a bad template with 400 and a message, and the next test e-mail uses an edited subject', async () => {
      const current = (await admin.get('/api/admin/email-templates')).body.templates.find((t: { id: string }) => t.id === 'verification_reminder');
      const bad = await admin.put('/api/admin/email-templates/verification_reminder', { ...pick(current), subject: 'Check {{serialNumbr}}' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'Subject: unknown variable "serialNumbr"; this template\'s variables are: custodianName, serialNumber, locationName, addressLine1, city, postcode, lastVerifiedDate, dueDate, year, consumables',
      );
      const broken = await admin.put('/api/admin/email-templates/verification_reminder', { ...pick(current), htmlTemplate: '{{#if city}}' });
      expect(broken.status).toBe(400);
      expect(broken.body.message).toMatch(/^HTML template does not compile/);
      const empty = await admin.put('/api/admin/email-templates/verification_reminder', { subject: '', htmlTemplate: 'x', textTemplate: 'x' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['Subject is required']);
      expect((await admin.put('/api/admin/email-templates/no_such_template', pick(current))).status).toBe(404);

      const saved = await admin.put('/api/admin/email-templates/verification_reminder', {
        ...pick(current),
        subject: 'Edited over HTTP: {{serialNumber}}',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.template.subject).toBe('Edited over HTTP: {{serialNumber}}');
      const preview = await admin.post('/api/admin/email-templates/preview', {
        templateId: 'verification_reminder',
        variables: { serialNumber: 'SN-9' },
      });
      expect(preview.body.subject).toBe('Edited over HTTP: SN-9');

      const test = await admin.post('/api/admin/send-test-email', {
        email: 'tester@example.org',
        templateId: 'verification_reminder',
        variables: { serialNumber: 'SN-42', custodianName: 'Tess' },
      });
      expect(test.status).toBe(200);
      expect(test.body).toEqual({ success: true, message: expect.stringContaining('tester@example.org'), messageId: expect.any(String) });
      const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('tester@example.org'));
      expect(mail.subject).toBe('Edited over HTTP: SN-42');
      expect(mail.text).toContain('Dear Tess,');
    });

    it('sends test e-mails for admins only, with a clear 400 for a missing address', async () => {
      const body = { email: 'tester2@example.org', templateId: EmailTemplateIds.contactUserConfirmation, variables: {} };
      expect((await new HttpClient(stack.baseUrl).post('/api/admin/send-test-email', body)).status).toBe(401);
      expect((await user.post('/api/admin/send-test-email', body)).status).toBe(403);
      const missing = await admin.post('/api/admin/send-test-email', { ...body, email: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(['Please enter a valid email address']);
      expect((await admin.post('/api/admin/send-test-email', { ...body, templateId: 'nope' })).status).toBe(404);
    });

    it('pages the outbox for admins: recipient, template, status, attempts, last error, times', async () => {
      await smtp.waitFor((m) => m.envelopeTo.includes('tester@example.org'));
      const page = await admin.get('/api/admin/email-outbox?page=1');
      expect(page.status).toBe(200);
      expect(page.body.pagination).toEqual({ total: expect.any(Number), page: 1, pageSize: 25, pageCount: expect.any(Number) });
      const row = page.body.data.find((m: { to: string }) => m.to === 'tester@example.org');
      expect(row).toEqual({
        id: expect.any(String),
        to: 'tester@example.org',
        templateId: 'verification_reminder',
        subject: 'Edited over HTTP: SN-42',
        status: expect.stringMatching(/^(sending|sent)$/),
        attempts: expect.any(Number),
        lastError: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        sentAt: expect.anything(),
      });
      const sent = await admin.get('/api/admin/email-outbox?page=1&status=sent');
      expect(sent.body.data.every((m: { status: string }) => m.status === 'sent')).toBe(true);
      expect((await admin.get('/api/admin/email-outbox?status=lost')).status).toBe(400);
      expect((await admin.get('/api/admin/email-outbox?page=0')).status).toBe(400);
      expect((await new HttpClient(stack.baseUrl).get('/api/admin/email-outbox')).status).toBe(401);
    });
  });

  describe('POST /api/auth/forgot-password', () => {
    it('answers alike for known and unknown addresses; the e-mailed link works once; nothing secret is logged', async () => {
      const c = new HttpClient(stack.baseUrl);
      const known = await c.post('/api/auth/forgot-password', { email: 'Member@Example.org' });
      const unknown = await c.post('/api/auth/forgot-password', { email: 'ghost@example.org' });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(unknown.body).toEqual(known.body);
      expect((await c.post('/api/auth/forgot-password', { email: 'not-an-email' })).status).toBe(400);

      const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('member@example.org'));
      expect(mail.subject).toBe('Reset your UK Bleed Kit Register password');
      const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      // Handlebars escapes '=' in attributes as &#x3D;, which a browser reads back as '='.
      expect(mail.html).toContain(`href="${link!.replace(/=/g, '&#x3D;')}"`);
      const token = new URL(link!).searchParams.get('token')!;
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received.some((m) => m.envelopeTo.includes('ghost@example.org'))).toBe(false);

      const first = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'N3w!password' });
      expect(first.status).toBe(200);
      const again = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'An0ther!password' });
      expect(again.status).toBe(400);
      expect((await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'member@example.org', password: 'N3w!password' })).status).toBe(
        200,
      );

      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) {
        expect(line).not.toContain(token);
        expect(line).not.toContain('reset-password?token');
      }
    });

    it('sends at most three reset e-mails per address per hour, answering the same', async () => {
      const c = new HttpClient(stack.baseUrl);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await c.post('/api/auth/forgot-password', { email: ADMIN.email }));
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
      await smtp.waitFor((m) => m.envelopeTo.includes(ADMIN.email) && m.subject.startsWith('Reset'), { count: 3 });
      await new Promise((r) => setTimeout(r, 1000));
      expect(smtp.received.filter((m) => m.envelopeTo.includes(ADMIN.email) && m.subject.startsWith('Reset'))).toHaveLength(3);
    });
  });
});

function pick(t: { subject: string; htmlTemplate: string; textTemplate: string }) {
  return { subject: t.subject, htmlTemplate: t.htmlTemplate, textTemplate: t.textTemplate };
}
