import { AuthMessages } from '@bleedkits/contracts';
import { HttpClient } from '../../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';

const password = 'Str0ng!pass';

describe('auth routes over HTTP', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'] });
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  const client = () => new HttpClient(stack.baseUrl);

  it('GET /api/auth/user is 401 when signed out', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not signed in' });
  });

  it('registers, signs the user in with an HttpOnly SameSite=Lax cookie, and answers {user}', async () => {
    const c = client();
    const res = await c.post('/api/auth/register', { email: 'Reg@Example.org', password, firstName: 'Reg', lastName: 'User' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'reg@example.org', firstName: 'Reg', lastName: 'User', role: 'user' });
    const cookie = c.lastSetCookie.find((s) => s.startsWith('bk.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('reg@example.org');
  });

  it('answers 409 with the spec message for a duplicate e-mail in any case', async () => {
    const res = await client().post('/api/auth/register', { email: 'REG@example.org', password, firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(AuthMessages.duplicateEmail);
  });

  it('validates sign-up with every spec message at once', async () => {
    const res = await client().post('/api/auth/register', { email: 'x', password: 'abc', firstName: '', lastName: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      AuthMessages.loginEmail,
      AuthMessages.passwordMinLength,
      AuthMessages.passwordUppercase,
      AuthMessages.passwordNumber,
      AuthMessages.passwordSpecial,
      AuthMessages.firstNameRequired,
      AuthMessages.lastNameRequired,
    ]);
  });

  it('validates login with the spec messages', async () => {
    const res = await client().post('/api/auth/login', { email: 'bad', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([AuthMessages.loginEmail, AuthMessages.loginPassword]);
  });

  it('rotates the session id at login and destroys it at logout', async () => {
    const c = client();
    await c.get('/api/auth/user');
    await c.post('/api/auth/login', { email: 'reg@example.org', password });
    const first = c.sessionId;
    expect(first).toBeDefined();
    const again = await c.post('/api/auth/login', { email: 'reg@example.org', password });
    expect(again.status).toBe(200);
    expect(c.sessionId).toBeDefined();
    expect(c.sessionId).not.toBe(first);

    const stolen = new HttpClient(stack.baseUrl);
    (stolen as unknown as { cookies: Map<string, string> }).cookies.set('bk.sid', c.sessionId!);
    expect((await stolen.get('/api/auth/user')).status).toBe(200);
    const out = await c.post('/api/auth/user');
    expect(out.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    // The old cookie value is dead on the server, not just cleared in this browser.
    expect((await stolen.get('/api/auth/user')).status).toBe(401);
  });

  it('updates the profile with the spec messages and keeps e-mails unique', async () => {
    const c = client();
    await c.post('/api/auth/register', { email: 'prof@example.org', password, firstName: 'Pro', lastName: 'File' });
    const bad = await c.put('/api/auth/profile', { firstName: '', lastName: '', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([AuthMessages.firstNameRequired, AuthMessages.lastNameRequired, AuthMessages.profileEmail]);
    const taken = await c.put('/api/auth/profile', { firstName: 'Pro', lastName: 'File', email: 'reg@example.org', currentPassword: password });
    expect(taken.status).toBe(409);
    // A new address waits for its confirmation link (security/account-takeover.e2e-spec.ts); names change at once.
    const ok = await c.put('/api/auth/profile', { firstName: 'Prim', lastName: 'Rose', email: 'Prof@Example.org' });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ firstName: 'Prim', lastName: 'Rose', email: 'prof@example.org' });
    expect((await client().put('/api/auth/profile', { firstName: 'a', lastName: 'b', email: 'a@b.co' })).status).toBe(401);
  });

  it('changes the password, refusing a wrong current one, and ends the other sessions only', async () => {
    const laptop = client();
    await laptop.post('/api/auth/register', { email: 'pw@example.org', password, firstName: 'Pass', lastName: 'Word' });
    const phone = client();
    expect((await phone.post('/api/auth/login', { email: 'pw@example.org', password })).status).toBe(200);

    const short = await laptop.put('/api/auth/password', { currentPassword: '', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([AuthMessages.currentPasswordRequired, AuthMessages.newPasswordMinLength]);
    const wrong = await laptop.put('/api/auth/password', { currentPassword: 'Wrong!pass1', newPassword: 'N3w!password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AuthMessages.currentPasswordWrong);

    const ok = await laptop.put('/api/auth/password', { currentPassword: password, newPassword: 'N3w!password' });
    expect(ok.status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: 'pw@example.org', password })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: 'pw@example.org', password: 'N3w!password' })).status).toBe(200);
  });

  it('answers 503 with a clear message when Google sign-in is not configured', async () => {
    const res = await client().get('/api/auth/google');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Google sign-in is not configured');
  });
});
