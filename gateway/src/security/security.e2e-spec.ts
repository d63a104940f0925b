import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';

const password = 'Str0ng!pass';
const ADMIN_PATHS: [string, string][] = [
  ['GET', '/api/admin/user-management'],
  ['POST', '/api/admin/user-management'],
  ['PUT', '/api/admin/user-management'],
  ['DELETE', '/api/admin/user-management?userId=00000000-0000-0000-0000-000000000000'],
];

describe('gateway security', () => {
  let stack: Stack;
  const seen: string[] = [];
  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity', 'kits'],
      gatewayEnv: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', AUTH_MAX_REQUESTS_PER_CLIENT: '25', AUTH_RATE_WINDOW_SECONDS: '60' },
    });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    // No answer in this whole file ever carried a password hash.
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toMatch(/\$argon2|password_?hash/i);
    await stack?.close();
  });

  /** Each test gets its own forwarded-for-free client address budget by using fresh accounts; all bodies are recorded. */
  const client = (headers: Record<string, string> = {}) => {
    const c = new HttpClient(stack.baseUrl, headers);
    const request = c.request.bind(c);
    c.request = async (...args) => {
      const res = await request(...args);
      seen.push(res.text);
      return res;
    };
    return c;
  };

  it('every /api/admin/* call is 401 signed out and 403 for a regular user', async () => {
    const anon = client();
    const user = client();
    await user.post('/api/auth/register', { email: 'regular@example.org', password, firstName: 'Reg', lastName: 'Ular' });
    for (const [method, path] of ADMIN_PATHS) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect({ path, method, status: (await anon.request(method, path, body)).status }).toEqual({ path, method, status: 401 });
      const res = await user.request(method, path, body);
      expect({ path, method, status: res.status }).toEqual({ path, method, status: 403 });
      expect(res.body.message).toBe("You don't have permission to access this page. Admin access is required.");
    }
    const admin = client();
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect((await admin.get('/api/admin/user-management')).status).toBe(200);
  });

  it('refuses a state-changing request from another origin', async () => {
    const c = client();
    await c.post('/api/auth/register', { email: 'victim@example.org', password, firstName: 'Vic', lastName: 'Tim' });
    const byOrigin = await c.put(
      '/api/auth/profile',
      { firstName: 'Hacked', lastName: 'X', email: 'victim@example.org' },
      { origin: 'https://evil.example' },
    );
    expect(byOrigin.status).toBe(403);
    const bySite = await c.post('/api/auth/user', {}, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.status).toBe(403);
    expect((await c.get('/api/auth/user')).body.user.firstName).toBe('Vic');
    // The site's own origin is fine.
    const own = await c.put(
      '/api/auth/profile',
      { firstName: 'Victor', lastName: 'Tim', email: 'victim@example.org' },
      { origin: stack.baseUrl, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
  });

  it("locks an account after repeated failures with 429 and Retry-After, for unknown e-mails alike, but not for its owner's browser", async () => {
    const owner = client();
    await owner.post('/api/auth/register', { email: 'locked@example.org', password, firstName: 'Lock', lastName: 'Ed' });
    const stranger = client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await stranger.post('/api/auth/login', { email: 'locked@example.org', password: 'Wrong!pass1' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const locked = await stranger.post('/api/auth/login', { email: 'LOCKED@example.org', password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The browser that created the account is a trusted device: the stranger's failures do not lock it out.
    expect((await owner.post('/api/auth/login', { email: 'locked@example.org', password })).status).toBe(200);

    const ghost: number[] = [];
    for (let i = 0; i < 4; i++) ghost.push((await stranger.post('/api/auth/login', { email: 'nobody@example.org', password: 'Wrong!pass1' })).status);
    expect(ghost).toEqual([401, 401, 401, 429]);
  });

  it('clears the session cookie at logout', async () => {
    const c = client();
    await c.post('/api/auth/register', { email: 'bye@example.org', password, firstName: 'By', lastName: 'E' });
    expect(c.sessionId).toBeDefined();
    const out = await c.post('/api/auth/user');
    expect(out.status).toBe(200);
    const cleared = c.lastSetCookie.find((h) => h.startsWith('bk.sid='));
    expect(cleared).toMatch(/^bk\.sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(cleared).toMatch(/Path=\//);
    expect(c.sessionId).toBeUndefined();
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('does not tell registered e-mails apart by timing', async () => {
    const c = client();
    await c.post('/api/auth/register', { email: 'timing@example.org', password, firstName: 'Tim', lastName: 'Ing' });
    const time = async (email: string) => {
      const t = performance.now();
      await new HttpClient(stack.baseUrl).post('/api/auth/login', { email, password: 'Wrong!pass1' });
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 2; i++) {
      known.push(await time('timing@example.org'));
      unknown.push(await time(`nobody-${i}@example.org`));
    }
    const ratio = median(known) / median(unknown);
    // Without the dummy argon2 verification an unknown e-mail answers ~20x faster.
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('limits auth requests per client with 429, and a forged X-Forwarded-For gains nothing', async () => {
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i < 40 && last !== 429; i++) {
      const res = await client({ 'x-forwarded-for': `203.0.113.${i}` }).post('/api/auth/login', { email: `spray-${i}@example.org`, password: 'x' });
      last = res.status;
      retryAfter = res.headers.get('retry-after');
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
