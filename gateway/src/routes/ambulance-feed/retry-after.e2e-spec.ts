import { createHash, randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { FeedMessages, type CreateFeedClientResponse } from '@bleedkits/contracts';
import { TEST_REDIS_URL } from '@bleedkits/platform/testing';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';

const RATE_LIMIT = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The rest of the key's minute, once the burst is in: the window then ends 2.3 s after the 429, in the first half of a second. */
const WINDOW_LEFT_MS = 2_300;

/**
 * A control room that waits exactly the Retry-After of a feed 429 is admitted (issue 28): the header is the whole
 * seconds until the key's window ends, rounded up. Redis's TTL rounds to the nearest second, which told a client
 * to come back up to half a second early. Rather than wait out a minute, the test shortens the key's counter in
 * Redis to the last 2.3 s of its window: the end then falls in the first half of a second, where rounding to the
 * nearest second (2) undercounts and only rounding up (3) admits the client that waits it.
 */
describe('ambulance feed: Retry-After', () => {
  let stack: Stack;
  let key = '';
  const keyPrefix = `bk-test-retry-${randomBytes(4).toString('hex')}:`;
  const redis = createClient({ url: TEST_REDIS_URL });
  const machine = () => new HttpClient(stack.baseUrl);
  const feed = () => machine().get('/api/ambulance-feed/v1/kits?limit=1', { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity', 'kits'],
      gatewayEnv: { AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: String(RATE_LIMIT), REDIS_KEY_PREFIX: keyPrefix },
    });
    await redis.connect();
    const admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const created = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'london', label: 'Retry-After CAD' });
    expect(created.status).toBe(201);
    key = (created.body as CreateFeedClientResponse).key;
  }, 60_000);
  afterAll(async () => {
    if (redis.isOpen) await redis.quit();
    await stack?.close();
  });

  it('admits a client that waits exactly Retry-After seconds after a 429', async () => {
    for (let i = 0; i < RATE_LIMIT; i++) expect((await feed()).status).toBe(200);
    // The counter the gateway keeps for this key (gateway/src/security/rate-limiter.ts), brought near its end.
    const counter = `${keyPrefix}rl:feed:${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 32)}`;
    expect(await redis.get(counter)).toBe(String(RATE_LIMIT));
    expect(await redis.pExpire(counter, WINDOW_LEFT_MS)).toBe(1);

    const limited = await feed();
    const refusedAt = Date.now();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: FeedMessages.rateLimited });
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    // 2.3 s less the few milliseconds of the request, rounded up.
    const seconds = Number(retryAfter);
    expect(seconds).toBe(3);

    // Still limited shortly before then...
    await sleep((seconds - 2) * 1000);
    expect((await feed()).status).toBe(429);
    // ...and admitted once exactly Retry-After has passed since the 429.
    await sleep(refusedAt + seconds * 1000 - Date.now());
    expect((await feed()).status).toBe(200);
  }, 60_000);
});
