import { RETURN_TO_REFUSED_MESSAGE } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

/** GET /api/login, the spec's login redirect for admin pages (issue 28). */
describe('GET /api/login', () => {
  let stack: Stack;
  let browser: HttpClient;

  beforeAll(async () => {
    stack = await startStack({ contexts: [] });
    // A link or bookmark followed in a browser: a top-level navigation, no JSON asked for.
    browser = new HttpClient(stack.baseUrl, { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
  });

  it('redirects (302) to the sign-in page', async () => {
    const res = await browser.get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/admin', '/admin/backups', '/admin/verification?tab=overdue', '/admin#users'])(
    'carries the same-origin path %s as returnTo',
    async (path) => {
      const res = await browser.get(`/api/login?returnTo=${encodeURIComponent(path)}`);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, stack.baseUrl);
      expect(location.origin).toBe(stack.baseUrl);
      expect(location.pathname).toBe('/auth');
      expect(location.searchParams.get('returnTo')).toBe(path);
    },
  );

  it.each([
    ['an absolute URL', 'https://evil.example/admin'],
    ['an absolute URL of this very site', 'http://127.0.0.1/admin'],
    ['a protocol-relative URL', '//evil.example/admin'],
    ['a backslash that browsers read as a slash', '/\\evil.example/admin'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path without its leading slash', 'admin'],
    ['a call of the API', '/api/admin/backups'],
  ])('refuses %s with 400 and says why', async (_what, value) => {
    const res = await browser.get(`/api/login?returnTo=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body).toMatchObject({ message: RETURN_TO_REFUSED_MESSAGE });
  });

  it('refuses a repeated returnTo rather than picking one', async () => {
    const res = await browser.get('/api/login?returnTo=%2Fadmin&returnTo=%2F%2Fevil.example');
    expect(res.status).toBe(400);
  });
});
