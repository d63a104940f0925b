import { CUSTODIAN_STOP_API_PATH, CustodianMailMessages, EmailTemplateIds, type SendEmailRequest } from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { type ReceivedMail, type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { describedFetch } from '../../../test/described-answers';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

const FAST = { EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' };

/** Issue 29: a custodian e-mail's "not my kit" link, followed over HTTP as the page and a mail client do. */
describe('POST /api/custodian-mail/stop', () => {
  let stack: Stack;
  let smtp: TestSmtpPeer;
  let bus: NatsBus;

  const reminder = (key: string, to: string, kitId: number): SendEmailRequest => ({
    idempotencyKey: key,
    templateId: EmailTemplateIds.verificationReminder,
    to,
    variables: { custodianName: 'Pat', serialNumber: `SN-${kitId}`, locationName: 'Village Hall', dueDate: '1 March 2027' },
    custodianKitIds: [kitId],
  });
  /** Sends a custodian e-mail through the outbox and answers the two links it arrived with. */
  async function mailWithLinks(to: string, kitId: number): Promise<{ mail: ReceivedMail; page: URL; oneClick: URL }> {
    await bus.request(NotificationsSubjects.send, reminder(`stop-e2e:${to}:${kitId}`, to, kitId));
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes(to) && m.subject.includes(`SN-${kitId}`));
    const page = new URL(/\S+\/stop-emails\?token=\S+/.exec(mail.text)![0]);
    const header = mail.parsed.headerLines.find((l) => l.key === 'list-unsubscribe')!.line;
    const oneClick = new URL(/<([^>]+)>/.exec(header)![1]);
    return { mail, page, oneClick };
  }
  const adminNotices = (to: string) =>
    smtp.received.filter((m) => m.envelopeTo.includes(ADMIN.email) && m.subject === `Custodian e-mails stopped by ${to}`);

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    stack = await startStack({ contexts: ['identity', 'notifications'], serviceEnv: { notifications: { SMTP_URL: smtp.url, ...FAST } } });
    bus = new NatsBus({ servers: stack.nats.url, name: 'custodian-mail-stop-e2e', requestTimeoutMs: 10_000 });
    await bus.whenConnected();
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await bus?.close();
    await stack?.close();
    await smtp?.close();
  });

  it('takes the mail client’s RFC 8058 one-click POST (a form, no cookie, no Origin), blocks the pair and tells the admins once', async () => {
    const to = 'one-click@example.org';
    const { page, oneClick } = await mailWithLinks(to, 11);
    expect(oneClick.pathname).toBe(CUSTODIAN_STOP_API_PATH);
    expect(page.pathname).toBe('/stop-emails');
    const oneClickPost = () =>
      describedFetch(`${stack.baseUrl}${oneClick.pathname}${oneClick.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClickPost();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: CustodianMailMessages.stopped });
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const [notice] = await smtp.waitFor((m) => m.envelopeTo.includes(ADMIN.email) && m.subject === `Custodian e-mails stopped by ${to}`);
    expect(notice.text).toContain('Kit 11');

    expect((await oneClickPost()).status).toBe(200);
    expect(await bus.request(NotificationsSubjects.send, reminder(`stop-e2e:${to}:11:again`, to, 11))).toMatchObject({ status: 'blocked' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(adminNotices(to)).toHaveLength(1);
  });

  it('takes the page’s JSON POST with the token in the body', async () => {
    const to = 'from-the-page@example.org';
    const { page } = await mailWithLinks(to, 12);
    const res = await new HttpClient(stack.baseUrl).post(CUSTODIAN_STOP_API_PATH, { token: page.searchParams.get('token') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: CustodianMailMessages.stopped });
    await smtp.waitFor((m) => m.envelopeTo.includes(ADMIN.email) && m.subject === `Custodian e-mails stopped by ${to}`);
  });

  it('answers a bad, forged or missing token with 400 and the page’s message, never a 500', async () => {
    const to = 'forged@example.org';
    const { page } = await mailWithLinks(to, 13);
    const token = page.searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ a: to, k: [14] })).toString('base64url')}.${signature}`;
    const c = new HttpClient(stack.baseUrl);
    for (const body of [
      { token: forged },
      { token: `${payload}.` },
      { token: 'nonsense' },
      { token: '' },
      {},
      { token: 'x'.repeat(5000) },
      { token: 42 },
    ]) {
      const res = await c.post(CUSTODIAN_STOP_API_PATH, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message: CustodianMailMessages.invalidToken });
    }
    const query = await c.post(`${CUSTODIAN_STOP_API_PATH}?token=${encodeURIComponent(forged)}`);
    expect(query.status).toBe(400);
    expect(await bus.request(NotificationsSubjects.send, reminder(`stop-e2e:${to}:14`, to, 14))).toMatchObject({ status: 'queued' });
    expect(adminNotices(to)).toHaveLength(0);
  });

  it('lets a form through to this route only, and refuses a cross-site browser POST', async () => {
    const form = await describedFetch(`${stack.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(form.status).toBe(415);
    const crossSite = await new HttpClient(stack.baseUrl).post(
      CUSTODIAN_STOP_API_PATH,
      { token: 'x' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
  });
});
