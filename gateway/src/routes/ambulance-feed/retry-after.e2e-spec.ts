import { FeedMessages, type CreateFeedClientResponse } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';

const RATE_LIMIT = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A control room that waits exactly the Retry-After of a feed 429 is admitted (issue 28): the header is the whole
 * seconds until the key's window ends, rounded up. Redis's TTL rounds to the nearest second, which told a client
 * to come back up to half a second early; the burst below starts 700 ms into its window, so the window's end falls
 * in the first half of a second, where rounding to the nearest second undercounts.
 */
describe('ambulance feed: Retry-After', () => {
  let stack: Stack;
  let key = '';
  const machine = () => new HttpClient(stack.baseUrl);
  const feed = () => machine().get('/api/ambulance-feed/v1/kits?limit=1', { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: { AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: String(RATE_LIMIT) } });
    const admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const created = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'london', label: 'Retry-After CAD' });
    expect(created.status).toBe(201);
    key = (created.body as CreateFeedClientResponse).key;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('admits a client that waits exactly Retry-After seconds after a 429', async () => {
    expect((await feed()).status).toBe(200);
    await sleep(700);
    for (let i = 1; i < RATE_LIMIT; i++) expect((await feed()).status).toBe(200);

    const limited = await feed();
    const refusedAt = Date.now();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: FeedMessages.rateLimited });
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    const seconds = Number(retryAfter);
    // The window is a minute, some 700 ms of it spent before the 429: the rest, rounded up, is 60 s on a quiet machine.
    expect(seconds).toBeGreaterThanOrEqual(59);
    expect(seconds).toBeLessThanOrEqual(60);

    // Still limited shortly before then...
    await sleep((seconds - 2) * 1000);
    expect((await feed()).status).toBe(429);
    // ...and admitted once exactly Retry-After has passed since the 429.
    await sleep(refusedAt + seconds * 1000 - Date.now());
    expect((await feed()).status).toBe(200);
  }, 120_000);
});
