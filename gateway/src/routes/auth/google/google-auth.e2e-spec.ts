import { HttpClient } from '../../../../test/http-client';
import { startFakeGoogle } from '../../../../test/fakes/google-oauth.fake';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../../test/stack-harness';

describe('Google sign-in against a local OAuth fake', () => {
  let stack: Stack;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  beforeAll(async () => {
    google = await startFakeGoogle('client-123.apps.googleusercontent.com', 'secret-xyz');
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: google.env });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await google?.close();
  });

  /** Walks the browser through the redirects: gateway → Google → gateway callback → home. */
  async function signInWithGoogle(browser: HttpClient): Promise<string> {
    const start = await browser.get('/api/auth/google');
    expect(start.status).toBe(302);
    const atGoogle = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    expect(atGoogle.status).toBe(302);
    const callback = new URL(atGoogle.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/google/callback');
    const done = await browser.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    return done.headers.get('location')!;
  }

  it('creates an account for a new Google user and signs them in', async () => {
    google.signInAs({ sub: 'g-1001', email: 'New.Person@gmail.com', email_verified: true, given_name: 'New', family_name: 'Person' });
    const browser = new HttpClient(stack.baseUrl);
    expect(await signInWithGoogle(browser)).toBe('/');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'new.person@gmail.com', firstName: 'New', lastName: 'Person', role: 'user', emailVerified: true });
  });

  it('links Google to an existing account with the same verified e-mail', async () => {
    const owner = new HttpClient(stack.baseUrl);
    const reg = await owner.post('/api/auth/register', {
      email: 'custodian@example.org',
      password: 'Str0ng!pass',
      firstName: 'Cus',
      lastName: 'Todian',
    });
    google.signInAs({ sub: 'g-2002', email: 'custodian@example.org', email_verified: true, given_name: 'Other', family_name: 'Name' });
    const browser = new HttpClient(stack.baseUrl);
    expect(await signInWithGoogle(browser)).toBe('/');
    const me = await browser.get('/api/auth/user');
    expect(me.body.user.id).toBe(reg.body.user.id);
    expect(me.body.user.firstName).toBe('Cus');
    // The password still works, and a second Google sign-in finds the linked account.
    expect((await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'custodian@example.org', password: 'Str0ng!pass' })).status).toBe(
      200,
    );
    const again = new HttpClient(stack.baseUrl);
    await signInWithGoogle(again);
    expect((await again.get('/api/auth/user')).body.user.id).toBe(reg.body.user.id);
  });

  it('refuses to link an unverified Google e-mail to an existing account', async () => {
    await new HttpClient(stack.baseUrl).post('/api/auth/register', {
      email: 'careful@example.org',
      password: 'Str0ng!pass',
      firstName: 'Care',
      lastName: 'Ful',
    });
    google.signInAs({ sub: 'g-3003', email: 'careful@example.org', email_verified: false, given_name: 'Imp', family_name: 'Ostor' });
    const browser = new HttpClient(stack.baseUrl);
    expect(await signInWithGoogle(browser)).toBe('/auth?error=google_account_exists');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('tells a visitor who cancelled at Google that they did', async () => {
    const browser = new HttpClient(stack.baseUrl);
    const start = await browser.get('/api/auth/google');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    // What Google sends back when the visitor chooses Cancel on its consent screen.
    const res = await browser.get(`/api/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?error=google_cancelled');
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('rejects a callback whose state does not belong to the browser', async () => {
    google.signInAs({ sub: 'g-4004', email: 'csrf@example.org', email_verified: true, given_name: 'C', family_name: 'S' });
    const victim = new HttpClient(stack.baseUrl);
    const attacker = new HttpClient(stack.baseUrl);
    const start = await attacker.get('/api/auth/google');
    const atGoogle = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    const res = await victim.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/auth?error=google');
    expect((await victim.get('/api/auth/user')).status).toBe(401);
  });
});
