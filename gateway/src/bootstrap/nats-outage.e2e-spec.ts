import { HttpClient } from '../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** ARCHITECTURE: no process gives up on NATS. Stop it for 5 s under steady requests; nothing is restarted. */
describe('a NATS outage under steady requests', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'] });
    await new HttpClient(stack.baseUrl).post('/api/auth/register', {
      email: 'steady@example.org',
      password: 'Str0ng!pass',
      firstName: 'Stea',
      lastName: 'Dy',
    });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it('fails fast with 503/504 during the gap and recovers within 10 s of NATS returning', async () => {
    const browser = new HttpClient(stack.baseUrl);
    expect((await browser.post('/api/auth/login', { email: 'steady@example.org', password: 'Str0ng!pass' })).status).toBe(200);
    const probe = async () => {
      const t = performance.now();
      const res = await browser.get('/api/auth/user');
      return { status: res.status, ms: performance.now() - t, errorId: res.body?.errorId, text: res.text };
    };
    expect((await probe()).status).toBe(200);

    await stack.nats.stop();
    const during: Awaited<ReturnType<typeof probe>>[] = [];
    const outageEnds = Date.now() + 5000;
    while (Date.now() < outageEnds) {
      during.push(await probe());
      await sleep(200);
    }
    expect(during.length).toBeGreaterThan(3);
    for (const r of during) {
      expect([503, 504]).toContain(r.status);
      // Fail fast: bounded by the request timeout (2 s here), never a hung request.
      expect(r.ms).toBeLessThan(2500);
      expect(r.text).not.toMatch(/at .*\.ts:\d+/);
    }

    await stack.nats.start();
    const back = Date.now();
    let recoveredAfter: number | null = null;
    while (Date.now() - back < 10_000) {
      const r = await probe();
      if (r.status === 200) {
        recoveredAfter = Date.now() - back;
        break;
      }
      await sleep(200);
    }
    expect(recoveredAfter).not.toBeNull();
    expect(recoveredAfter!).toBeLessThan(10_000);
    // Both directions work again: a write through identity succeeds.
    const write = await browser.put('/api/auth/profile', { firstName: 'Back', lastName: 'Again', email: 'steady@example.org' });
    expect(write.status).toBe(200);
  }, 30_000);
});
