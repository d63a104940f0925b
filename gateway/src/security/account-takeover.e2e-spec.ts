import { AuthMessages, EmailChangeMessages } from '@bleedkits/contracts';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { exampleKit } from '../../test/example-kit';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { BodyMessages } from './request-bodies';
import { CROSS_SITE_MESSAGE } from './same-origin.middleware';
import { rawRequest } from './testing/route-catalogue';

const password = 'Str0ng!pass';
const EVIL = 'https://evil.example';

/**
 * Acceptance 3 of issue 29 (security, second pass): a Referer-only cross-site approval, the password oracle of a
 * borrowed session, the e-mail change that became a takeover, reset links that outlived a change, UTF-7 JSON and
 * personal answers without no-store. Real identity, kits and notifications, with a local SMTP peer.
 */
describe('closing the account takeover path', () => {
  let stack: Stack;
  let smtp: TestSmtpPeer;
  let admin: HttpClient;

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    stack = await startStack({
      contexts: ['identity', 'kits', 'notifications'],
      serviceEnv: { notifications: { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_DELAY_MS: '200', EMAIL_RETRY_MAX_DELAY_MS: '1000' } },
      // The tests speak as many client addresses (X-Forwarded-For from loopback); the per-client request budget is
      // lifted so that only the sign-in limits show; argon2 on a busy machine may outlast the harness's 2 s timeout.
      gatewayEnv: { TRUST_PROXY: 'loopback', AUTH_MAX_REQUESTS_PER_CLIENT: '100000', NATS_REQUEST_TIMEOUT_MS: '20000' },
    });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
  });

  const signUp = async (email: string, address = '198.51.100.1') => {
    const c = new HttpClient(stack.baseUrl, { 'x-forwarded-for': address });
    expect((await c.post('/api/auth/register', { email, password, firstName: 'Ann', lastName: 'Lee' })).status).toBe(201);
    return c;
  };
  const signIn = async (email: string, pw = password, address = '198.51.100.1') => {
    const c = new HttpClient(stack.baseUrl, { 'x-forwarded-for': address });
    return { client: c, status: (await c.post('/api/auth/login', { email, password: pw })).status };
  };
  /** A reset link e-mailed through "Forgot password?", as its token. */
  const resetTokenFor = async (email: string) => {
    const before = smtp.received.length;
    expect((await new HttpClient(stack.baseUrl).post('/api/auth/forgot-password', { email })).status).toBe(202);
    const [mail] = await smtp.waitFor((m) => isNew(m, before) && m.envelopeTo.includes(email) && m.subject.startsWith('Reset'));
    return new URL(/(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)![1]).searchParams.get('token')!;
  };
  /** Received after the first `before` messages. */
  const isNew = (m: (typeof smtp.received)[number], before: number) => smtp.received.indexOf(m) >= before;
  const resetWith = (token: string) => new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'Res3t!pass' });

  describe('GET /api/kit-status from another site', () => {
    it('is refused when only a Referer names another origin, and when the request carries none of the three headers', async () => {
      const owner = await signUp('kit-owner@example.org');
      const kit = await owner.post('/api/bleed-kits', exampleKit());
      expect(kit.status).toBe(201);
      const id = kit.body.id ?? kit.body.kit?.id;
      const approve = (headers: Record<string, string>) =>
        rawRequest(stack.baseUrl, 'GET', `/api/kit-status?id=${id}&status=active`, { cookie: `bk.sid=${admin.sessionId}`, ...headers });

      const refererOnly = await approve({ referer: `${EVIL}/win-a-prize.html` });
      expect(refererOnly.status).toBe(403);
      expect(JSON.parse(refererOnly.text)).toEqual({ message: CROSS_SITE_MESSAGE });
      expect((await approve({ referer: 'not a url' })).status).toBe(403);
      // Another site can strip its Referer (Referrer-Policy: no-referrer): none of the three is refused too.
      expect((await approve({})).status).toBe(403);
      expect((await admin.get(`/api/bleed-kits/${id}`)).body.status).toBe('pending');

      // The site's own page in an old browser sends its own origin as Referer; a current browser Sec-Fetch-Site.
      expect((await approve({ referer: `${stack.baseUrl}/admin` })).status).toBe(200);
      expect((await admin.get(`/api/bleed-kits/${id}`)).body.status).toBe('active');
    });
  });

  describe('PUT /api/auth/password under the sign-in limits', () => {
    it("counts 25 wrong current passwords of a stolen session against the account's limit: 429, and the account is locked for strangers", async () => {
      const owner = await signUp('oracle@example.org', '198.51.100.10');
      // The session cookie alone, as someone who copied it would have it (not the owner's device cookie), from many addresses.
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const thief = new HttpClient(stack.baseUrl, { 'x-forwarded-for': `203.0.113.${i + 1}`, cookie: `bk.sid=${owner.sessionId}` });
        const res = await thief.put('/api/auth/password', { currentPassword: `Guess!${i}abc`, newPassword: 'Th1ef!pass' });
        statuses.push(res.status);
        if (res.status === 400) expect(res.body.errors).toEqual([AuthMessages.currentPasswordWrong]);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
      expect(statuses.slice(20)).toEqual(Array(5).fill(429));
      // The same budget as sign-in: a browser that never signed in to the account must wait, even with the password...
      expect((await signIn('oracle@example.org', password, '192.0.2.77')).status).toBe(429);
      // ...while the owner's own browser, a trusted device, still signs in.
      expect((await owner.post('/api/auth/login', { email: 'oracle@example.org', password })).status).toBe(200);
    });

    it("in the owner's own browser, the sixth wrong password in a row is 429 and so is a sign-in from it (one back-off)", async () => {
      const owner = await signUp('own-browser@example.org', '198.51.100.11');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await owner.put('/api/auth/password', { currentPassword: `Wrong!${i}x`, newPassword: 'N3w!pass' })).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const locked = await owner.put('/api/auth/password', { currentPassword: password, newPassword: 'N3w!pass' });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await owner.post('/api/auth/login', { email: 'own-browser@example.org', password })).status).toBe(429);
    });

    it('a right password changes it, ends every other session and every outstanding reset link; this session stays', async () => {
      const owner = await signUp('changer@example.org', '198.51.100.12');
      const { client: other } = await signIn('changer@example.org', password, '198.51.100.13');
      const token = await resetTokenFor('changer@example.org');
      expect((await owner.put('/api/auth/password', { currentPassword: password, newPassword: 'N3w!pass' })).status).toBe(200);
      expect((await owner.get('/api/auth/user')).status).toBe(200);
      expect((await other.get('/api/auth/user')).status).toBe(401);
      const dead = await resetWith(token);
      expect(dead.status).toBe(400);
      expect(dead.body.errors).toEqual([AuthMessages.resetTokenInvalid]);
      expect((await signIn('changer@example.org', 'N3w!pass', '198.51.100.12')).status).toBe(200);
    });
  });

  describe('changing the sign-in e-mail', () => {
    it('needs the password, tells the old address, changes only from the link sent to the new one, then ends other sessions and reset links', async () => {
      const owner = await signUp('old-address@example.org', '198.51.100.20');
      const { client: other } = await signIn('old-address@example.org', password, '198.51.100.21');
      const resetToken = await resetTokenFor('old-address@example.org');
      const change = { firstName: 'Ann', lastName: 'Lee', email: 'New-Address@example.org' };

      const noPassword = await owner.put('/api/auth/profile', change);
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.errors).toEqual([EmailChangeMessages.passwordRequired]);
      const wrong = await owner.put('/api/auth/profile', { ...change, currentPassword: 'Wrong!pass1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([AuthMessages.currentPasswordWrong]);

      const before = smtp.received.length;
      const asked = await owner.put('/api/auth/profile', { ...change, firstName: 'Anna', currentPassword: password });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({
        user: expect.objectContaining({ email: 'old-address@example.org', firstName: 'Anna' }),
        pendingEmail: 'new-address@example.org',
        message: EmailChangeMessages.pending('new-address@example.org'),
      });
      // Nothing has changed yet: the old address signs in, the new one does not.
      expect((await owner.get('/api/auth/user')).body.user.email).toBe('old-address@example.org');
      expect((await signIn('new-address@example.org', password, '198.51.100.22')).status).toBe(401);

      const [notice] = await smtp.waitFor((m) => isNew(m, before) && m.envelopeTo.includes('old-address@example.org'));
      expect(notice.subject).toBe('Your UK Bleed Kit Register sign-in email is being changed');
      expect(notice.text).toContain('new-address@example.org');
      expect(notice.text).not.toContain('confirm-email');
      const [confirmation] = await smtp.waitFor((m) => isNew(m, before) && m.envelopeTo.includes('new-address@example.org'));
      expect(confirmation.subject).toBe('Confirm your new UK Bleed Kit Register email address');
      const link = new URL(/(http:\/\/\S+\/confirm-email\?token=[\w-]+)/.exec(confirmation.text)![1]);
      expect(link.origin).toBe(stack.baseUrl);
      const token = link.searchParams.get('token')!;

      expect((await new HttpClient(stack.baseUrl).post('/api/auth/confirm-email', { token: 'forged' })).status).toBe(400);
      const confirmed = await owner.post('/api/auth/confirm-email', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ message: EmailChangeMessages.confirmed });
      expect((await owner.get('/api/auth/user')).body.user).toMatchObject({ email: 'new-address@example.org', emailVerified: true });
      expect((await other.get('/api/auth/user')).status).toBe(401);
      expect((await resetWith(resetToken)).status).toBe(400);
      const again = await owner.post('/api/auth/confirm-email', { token });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual([EmailChangeMessages.linkInvalid]);
      expect((await signIn('new-address@example.org', password, '198.51.100.22')).status).toBe(200);
      expect((await signIn('old-address@example.org', password, '198.51.100.23')).status).toBe(401);
    });

    it('saves names without a password when the address stays the same', async () => {
      const owner = await signUp('names-only@example.org', '198.51.100.30');
      const res = await owner.put('/api/auth/profile', { firstName: 'Bea', lastName: 'Lee', email: 'Names-Only@example.org' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: expect.objectContaining({ firstName: 'Bea', email: 'names-only@example.org' }) });
    });
  });

  it('accepts JSON only as UTF-8: charset=utf-7 is 415, none or utf-8 is read', async () => {
    const post = (type: string, body: string) => rawRequest(stack.baseUrl, 'POST', '/api/auth/login', { 'content-type': type }, body);
    const login = JSON.stringify({ email: 'nobody-utf@example.org', password: 'Wrong!pass1' });
    const utf7 = await post('application/json; charset=utf-7', '{"email":"+ADw-script+AD4-@example.org","password":"x"}');
    expect(utf7.status).toBe(415);
    expect(JSON.parse(utf7.text).message).toBe(BodyMessages.charset);
    expect((await post('application/json; charset=UTF-16LE', login)).status).toBe(415);
    expect((await post('application/json', login)).status).toBe(401);
    expect((await post('application/json; charset=UTF-8', login)).status).toBe(401);
  });

  it('answers personal data and cabinet codes with Cache-Control: no-store; public answers keep their caching', async () => {
    const owner = await signUp('cached@example.org', '198.51.100.40');
    const kit = await owner.post('/api/bleed-kits', exampleKit({ locationType: 'locked_cabinet', cabinetCode: 'C1234', serialNumber: 'SN-NOSTORE' }));
    const id = kit.body.id ?? kit.body.kit?.id;
    for (const [who, path] of [
      [owner, '/api/auth/user'],
      [owner, `/api/bleed-kits/${id}`],
      [owner, '/api/bleed-kits/user'],
      [admin, '/api/admin/user-management'],
      [admin, '/api/admin/pending-kits-working'],
      [admin, '/api/admin/email-templates'],
    ] as const) {
      const res = await who.get(path);
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ path, status: 200, cacheControl: 'no-store' });
    }
    expect((await new HttpClient(stack.baseUrl).get('/api/auth/user')).headers.get('cache-control')).toBe('no-store');
    expect((await new HttpClient(stack.baseUrl).get('/api/stats')).headers.get('cache-control')).toBe('public, max-age=30');
  });
});
