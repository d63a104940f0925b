import { AuthMessages } from '@bleedkits/contracts';
import { type TestSmtpPeer, startTestSmtpPeer } from '@bleedkits/notifications/testing';
import { HttpClient } from '../../../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../../test/stack-harness';

const password = 'Str0ng!pass';

describe('admin user management over HTTP', () => {
  let stack: Stack;
  let smtp: TestSmtpPeer;
  let admin: HttpClient;
  const register = async (email: string, firstName = 'First', lastName = 'Last') => {
    const c = new HttpClient(stack.baseUrl);
    const res = await c.post('/api/auth/register', { email, password, firstName, lastName });
    return { client: c, user: res.body.user as { id: string; email: string } };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpPeer();
    stack = await startStack({ contexts: ['identity', 'kits', 'notifications'], serviceEnv: { notifications: { SMTP_URL: smtp.url } } });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await stack?.close();
    await smtp?.close();
  });

  it('lists users with the spec fields and kit_count 0 while kits cannot count', async () => {
    await register('listed@example.org', 'List', 'Ed');
    const res = await admin.get('/api/admin/user-management');
    expect(res.status).toBe(200);
    const row = res.body.users.find((u: { email: string }) => u.email === 'listed@example.org');
    expect(row).toEqual({
      id: expect.any(String),
      first_name: 'List',
      last_name: 'Ed',
      email: 'listed@example.org',
      role: 'user',
      kit_count: 0,
      created_at: expect.any(String),
      email_verified: false,
    });
    expect(res.text).not.toMatch(/argon2|password/i);
  });

  it('toggles a role both ways, which takes effect on the next request, and refuses the own role', async () => {
    const { client, user } = await register('promote@example.org', 'Pro', 'Mote');
    expect((await client.get('/api/admin/user-management')).status).toBe(403);
    const up = await admin.post('/api/admin/user-management', { action: 'toggle_role', userId: user.id, email: user.email });
    expect(up.status).toBe(201);
    expect(up.body.message).toBe('Pro Mote is now an admin');
    expect((await client.get('/api/admin/user-management')).status).toBe(200);
    const down = await admin.post('/api/admin/user-management', { action: 'toggle_role', userId: user.id, email: user.email });
    expect(down.body.message).toBe('Pro Mote is now a regular user');
    expect((await client.get('/api/admin/user-management')).status).toBe(403);

    const me = (await admin.get('/api/auth/user')).body.user;
    const self = await admin.post('/api/admin/user-management', { action: 'toggle_role', userId: me.id, email: me.email });
    expect(self.status).toBe(403);
    const unknownAction = await admin.post('/api/admin/user-management', { action: 'explode', userId: user.id });
    expect(unknownAction.status).toBe(400);
  });

  it('edits a user with the required-field messages and unique e-mail', async () => {
    const { user } = await register('edit-me@example.org');
    const bad = await admin.put('/api/admin/user-management', { userId: user.id, firstName: '', lastName: '', email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([AuthMessages.firstNameRequired, AuthMessages.lastNameRequired, AuthMessages.profileEmail]);
    const dup = await admin.put('/api/admin/user-management', { userId: user.id, firstName: 'A', lastName: 'B', email: 'listed@example.org' });
    expect(dup.status).toBe(409);
    const ok = await admin.put('/api/admin/user-management', {
      userId: user.id,
      firstName: 'Edited',
      lastName: 'Person',
      email: 'Edited@Example.org',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ firstName: 'Edited', lastName: 'Person', email: 'edited@example.org' });
  });

  it('e-mails a single-use reset link that sets a new password and ends the sessions', async () => {
    const { client, user } = await register('forgetful@example.org');
    const res = await admin.post('/api/admin/user-management', { action: 'reset_password', userId: user.id });
    expect(res.status).toBe(201);
    // The link arrives by e-mail through the notifications outbox (a real SMTP peer here), never through a log.
    const [mail] = await smtp.waitFor((m) => m.envelopeTo.includes('forgetful@example.org'));
    const resetUrl = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(resetUrl).toMatch(new RegExp(`^${stack.baseUrl}/reset-password\\?token=`));
    const token = new URL(resetUrl!).searchParams.get('token')!;

    const weak = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    const forged = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'R3set!password' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(AuthMessages.resetTokenInvalid);

    const used = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'R3set!password' });
    expect(used.body).toEqual({ message: expect.any(String) });
    expect(used.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'forgetful@example.org', password: 'R3set!password' })).status).toBe(
      200,
    );
    const replay = await new HttpClient(stack.baseUrl).post('/api/auth/reset-password', { token, newPassword: 'An0ther!password' });
    expect(replay.status).toBe(400);
  });

  it('deletes a regular user, ending their session, but never an admin', async () => {
    const { client, user } = await register('leaving@example.org');
    const res = await admin.delete(`/api/admin/user-management?userId=${user.id}`);
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await admin.delete(`/api/admin/user-management?userId=${user.id}`)).status).toBe(404);
    expect((await admin.delete('/api/admin/user-management?userId=not-an-id')).status).toBe(400);

    const { user: other } = await register('other-admin@example.org');
    await admin.post('/api/admin/user-management', { action: 'toggle_role', userId: other.id, email: other.email });
    const refused = await admin.delete(`/api/admin/user-management?userId=${other.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Admin users cannot be deleted');
  });
});
