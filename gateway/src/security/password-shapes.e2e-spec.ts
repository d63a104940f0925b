import { AuthMessages } from '@bleedkits/contracts';
import { passwordVerifications } from '@bleedkits/identity';
import { HttpClient } from '../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import { tableFingerprints } from './testing/route-catalogue';

const strong = 'Str0ng!Pass';
/** What a JSON client can send where a password belongs. `["Str0ng!Pass"]` once became a one-byte password. */
const NOT_PASSWORDS: [string, unknown][] = [
  ['an array', [strong]],
  ['a one-element array of NUL', ['\u0000']],
  ['an object', { toString: strong }],
  ['a number', 12345678],
  ['a boolean', true],
  ['text with a NUL', 'Str0ng!\u0000Pass'],
  ['a lone NUL', '\u0000'],
];

/** Acceptance 3 of the hardening issue, through HTTP as a browser or a script would call. */
describe('passwords that are not text', () => {
  let stack: Stack;
  let owner: HttpClient;
  const verifications = async () => (await passwordVerifications.get()).values.reduce((n, v) => n + v.value, 0);

  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity'],
      gatewayEnv: { AUTH_MAX_REQUESTS_PER_CLIENT: '100000', LOGIN_FREE_FAILURES_PER_CLIENT: '1000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000' },
    });
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.post('/api/auth/register', { email: 'owner@example.org', password: strong, firstName: 'Ow', lastName: 'Ner' })).status).toBe(
      201,
    );
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  it.each(NOT_PASSWORDS)(
    'refuses %s with 400 at register, login, change and reset; no account is made and argon2 never runs',
    async (_, password) => {
      const users = await tableFingerprints(stack.db.url, ['identity']);
      const before = await verifications();
      const anonymous = new HttpClient(stack.baseUrl);
      const answers = [
        await anonymous.post('/api/auth/register', { email: 'never@example.org', password, firstName: 'Ne', lastName: 'Ver' }),
        await anonymous.post('/api/auth/login', { email: 'owner@example.org', password }),
        await owner.put('/api/auth/password', { currentPassword: password, newPassword: 'N3w!Password' }),
        await owner.put('/api/auth/password', { currentPassword: strong, newPassword: password }),
        await anonymous.post('/api/auth/reset-password', { token: 'a'.repeat(43), newPassword: password }),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
      for (const a of answers) expect(a.body.message).toEqual(expect.any(String));
      expect(await verifications()).toBe(before);
      expect(await tableFingerprints(stack.db.url, ['identity'])).toEqual(users);
      // Neither the would-be account nor a NUL or one-element password signs in; the owner's password still does.
      for (const guess of [strong, '\u0000', [strong]]) {
        expect(
          (await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'never@example.org', password: guess })).status,
        ).toBeGreaterThanOrEqual(400);
      }
      expect((await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'owner@example.org', password: strong })).status).toBe(200);
    },
  );

  it('says what is wrong: a password must be text', async () => {
    const res = await new HttpClient(stack.baseUrl).post('/api/auth/register', {
      email: 'x@example.org',
      password: [strong],
      firstName: 'X',
      lastName: 'Y',
    });
    expect(res.body.errors).toContain(AuthMessages.passwordNotText);
    const nul = await new HttpClient(stack.baseUrl).post('/api/auth/login', { email: 'x@example.org', password: 'a\u0000b' });
    expect(nul.body.message).toBe('Text must not contain a NUL character.');
  });

  it('refuses CR/LF in names at sign-up and in the profile', async () => {
    const signUp = await new HttpClient(stack.baseUrl).post('/api/auth/register', {
      email: 'crlf@example.org',
      password: strong,
      firstName: 'Eve\r\nBcc: all@example.org',
      lastName: 'L',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.errors).toContain('First name must be on one line');
    const profile = await owner.put('/api/auth/profile', { firstName: 'Ow', lastName: 'Ner\n', email: 'owner@example.org' });
    expect(profile.status).toBe(400);
    expect(profile.body.errors).toContain('Last name must be on one line');
  });
});
