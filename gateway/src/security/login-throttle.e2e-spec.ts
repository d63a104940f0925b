import { passwordVerifications } from '@bleedkits/identity';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';

const password = 'Str0ng!pass';
const wrong = { password: 'Wrong!pass1' };

/** argon2 verifications the identity context (running in this process) has made so far. */
const verifications = async () => (await passwordVerifications.get()).values.reduce((n, v) => n + v.value, 0);

/** A browser at a given client address (the gateway trusts X-Forwarded-For from loopback in these stacks). */
const browser = (stack: Stack, address: string) => new HttpClient(stack.baseUrl, { 'x-forwarded-for': address });

/**
 * Acceptance 2 of the hardening issue: the attempt is reserved in Redis before the password is checked, so no
 * burst of parallel wrong passwords costs more verifications than the limits allow; back-off is per client and
 * account, so a stranger's failures do not lock the owner out of their own browser.
 */
describe('sign-in throttling under parallel attack', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity'],
      // Loopback may forward client addresses here, so the test can speak as many clients; the per-client request
      // budget is lifted to show the sign-in throttle on its own; twenty argon2 verifications at once on a busy
      // machine may take longer than the harness's 2 s NATS timeout.
      gatewayEnv: { TRUST_PROXY: 'loopback', AUTH_MAX_REQUESTS_PER_CLIENT: '100000', NATS_REQUEST_TIMEOUT_MS: '20000' },
    });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  /** Signs up from a browser at `address`; answers it and its device cookie (bk.device). */
  const register = async (email: string, address: string) => {
    const owner = browser(stack, address);
    expect((await owner.post('/api/auth/register', { email, password, firstName: 'Own', lastName: 'Er' })).status).toBe(201);
    const device = owner.lastSetCookie.find((c) => c.startsWith('bk.device='))!.split(';')[0];
    expect(device).toMatch(/^bk\.device=[\w-]{32}$/);
    return { owner, device };
  };

  it('checks at most LOGIN_FREE_FAILURES_PER_CLIENT (5) of 150 parallel wrong passwords from one client', async () => {
    await register('target@example.org', '198.51.100.1');
    const before = await verifications();
    const attacker = browser(stack, '203.0.113.10');
    const answers = await Promise.all(Array.from({ length: 150 }, () => attacker.post('/api/auth/login', { email: 'target@example.org', ...wrong })));
    const checked = (await verifications()) - before;
    const statuses = answers.map((a) => a.status);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checked);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect(Number(answers.find((a) => a.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The attacker is locked even with the right password; the owner, from their own address, is not.
    expect((await attacker.post('/api/auth/login', { email: 'target@example.org', password })).status).toBe(429);
    expect((await browser(stack, '198.51.100.1').post('/api/auth/login', { email: 'target@example.org', password })).status).toBe(200);
  });

  it('checks at most LOGIN_MAX_FAILURES_PER_ACCOUNT (20) of 150 parallel wrong passwords from 150 clients', async () => {
    const { owner, device } = await register('spread@example.org', '198.51.100.2');
    const before = await verifications();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        browser(stack, `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`).post('/api/auth/login', { email: 'spread@example.org', ...wrong }),
      ),
    );
    const checked = (await verifications()) - before;
    expect(checked).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(checked);
    expect(answers.filter((a) => a.status !== 401).every((a) => a.status === 429)).toBe(true);

    // The account's budget is spent: a browser that never signed in to it must wait (or be unlocked by an admin)...
    const newBrowser = browser(stack, '198.51.100.99');
    expect((await newBrowser.post('/api/auth/login', { email: 'spread@example.org', password })).status).toBe(429);
    // ...but the owner's own browser, a trusted device of the account since it signed up, signs in at once,
    // also from an address a stranger has just failed from.
    const ownerFromStrangersAddress = new HttpClient(stack.baseUrl, { 'x-forwarded-for': '198.18.0.1', cookie: device });
    expect((await ownerFromStrangersAddress.post('/api/auth/login', { email: 'spread@example.org', password })).status).toBe(200);
    expect((await owner.post('/api/auth/login', { email: 'spread@example.org', password })).status).toBe(200);

    // An admin's unlock lifts the lock for every client at once.
    const admin = browser(stack, '198.51.100.200');
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const userId = (await owner.get('/api/auth/user')).body.user.id as string;
    expect((await newBrowser.delete(`/api/admin/login-locks/${userId}`)).status).toBe(401);
    const unlocked = await admin.delete(`/api/admin/login-locks/${userId}`);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.message).toBe('Sign-in unlocked for spread@example.org');
    expect((await newBrowser.post('/api/auth/login', { email: 'spread@example.org', password })).status).toBe(200);
  });

  it('counts unknown e-mails alike, so the answers tell nothing about which accounts exist', async () => {
    const before = await verifications();
    const attacker = browser(stack, '203.0.113.11');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attacker.post('/api/auth/login', { email: 'nobody-here@example.org', ...wrong })),
    );
    expect((await verifications()) - before).toBeLessThanOrEqual(5);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([401, 429]));
  });
});

describe('sign-in back-off', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity'],
      gatewayEnv: {
        TRUST_PROXY: 'loopback',
        AUTH_MAX_REQUESTS_PER_CLIENT: '100000',
        LOGIN_FREE_FAILURES_PER_CLIENT: '2',
        LOGIN_LOCKOUT_BASE_SECONDS: '1',
        LOGIN_LOCKOUT_MAX_SECONDS: '4',
      },
    });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('doubles the wait of a client for an account with each further failure, up to the maximum, and a success ends it', async () => {
    const owner = browser(stack, '198.51.100.3');
    await owner.post('/api/auth/register', { email: 'slow@example.org', password, firstName: 'Slo', lastName: 'W' });
    const attacker = browser(stack, '203.0.113.12');
    const attempt = () => attacker.post('/api/auth/login', { email: 'slow@example.org', ...wrong });
    const waits: number[] = [];
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401); // the second free failure starts the back-off
    for (let round = 0; round < 4; round++) {
      const refused = await attempt();
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      await new Promise((r) => setTimeout(r, wait * 1000 + 150));
      expect((await attempt()).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 4]);
    // Once the wait is over, the right password signs in and the pair starts afresh.
    const last = await attempt();
    await new Promise((r) => setTimeout(r, Number(last.headers.get('retry-after')) * 1000 + 150));
    expect((await attacker.post('/api/auth/login', { email: 'slow@example.org', password })).status).toBe(200);
    expect((await attempt()).status).toBe(401);
    // Another client is not held back by this one's failures.
    expect((await browser(stack, '203.0.113.13').post('/api/auth/login', { email: 'slow@example.org', ...wrong })).status).toBe(401);
  });
});
