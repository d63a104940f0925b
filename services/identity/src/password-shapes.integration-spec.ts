import {
  AuthMessages,
  type ChangePasswordRequest,
  ErrorCode,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type IdentityHarness, startIdentity } from '../test/identity-harness';
import { passwordVerifications } from './passwords/password-hasher';

const strong = 'Str0ng!pass';
/** Shapes a JSON client can send where a password belongs; none of them is a password. */
const NOT_PASSWORDS: [string, unknown][] = [
  ['an array', [strong]],
  ['an object', { value: strong }],
  ['a number', 12345678],
  ['a boolean', true],
  ['NUL-bearing text', 'Str0ng!\u0000pass'],
  ['a lone NUL', '\u0000'],
];

/** The identity context re-checks what the gateway already checked: a caller on NATS gets the same refusals. */
describe('identity refuses what is not a password or a one-line name', () => {
  let h: IdentityHarness;
  let userId: string;
  beforeAll(async () => {
    h = await startIdentity();
    ({
      user: { id: userId },
    } = await h.bus.request(IdentitySubjects.register, {
      email: 'shape@example.org',
      password: strong,
      firstName: 'Sha',
      lastName: 'Pe',
    }));
  });
  afterAll(async () => h?.close());

  const verifications = async () => (await passwordVerifications.get()).values.reduce((n, v) => n + v.value, 0);

  it.each(NOT_PASSWORDS)('refuses %s as a password at register, login, change and reset, before argon2 runs', async (_, password) => {
    const before = await verifications();
    // Shapes a password never has, sent on purpose: the request types say text.
    const attempts = [
      h.bus.request(IdentitySubjects.register, { email: 'never@example.org', password, firstName: 'Ne', lastName: 'Ver' } as RegisterRequest),
      h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password } as LoginRequest),
      h.bus.request(IdentitySubjects.changePassword, { userId, currentPassword: password, newPassword: strong } as ChangePasswordRequest),
      h.bus.request(IdentitySubjects.changePassword, { userId, currentPassword: strong, newPassword: password } as ChangePasswordRequest),
      h.bus.request(IdentitySubjects.resetPassword, { token: 'a'.repeat(43), newPassword: password } as ResetPasswordRequest),
    ];
    for (const attempt of attempts) expect((await rejection(attempt)).body.code).toBe(ErrorCode.ValidationFailed);
    expect(await verifications()).toBe(before);
    // No account was created, and the owner's password is unchanged.
    await expect(rejection(h.bus.request(IdentitySubjects.login, { email: 'never@example.org', password: strong }))).resolves.toMatchObject({
      body: { code: ErrorCode.Unauthenticated },
    });
    await expect(h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password: strong })).resolves.toMatchObject({
      user: { id: userId },
    });
  });

  it('names the mistake: a password must be text without NUL', async () => {
    expect(
      (await rejection(h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password: [strong] } as unknown as LoginRequest))).body
        .errors,
    ).toEqual([AuthMessages.loginPassword, AuthMessages.passwordNotText]);
    expect((await rejection(h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password: 'x\u0000' }))).body.errors).toEqual([
      AuthMessages.passwordNul,
    ]);
  });

  it('refuses line breaks and control characters in names, and names over 100 characters', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'Eve\r\nBcc: all@example.org' }, 'First name must be on one line'],
      [{ lastName: 'Mallory\n' }, 'Last name must be on one line'],
      [{ firstName: 'A'.repeat(101) }, 'First name must be at most 100 characters'],
      [{ firstName: ['Eve'] }, 'First name must be text'],
    ];
    for (const [change, message] of cases) {
      const register = await rejection(
        h.bus.request(IdentitySubjects.register, { email: 'crlf@example.org', password: strong, firstName: 'Eve', lastName: 'Lyn', ...change }),
      );
      expect({ change, errors: register.body.errors }).toEqual({ change, errors: expect.arrayContaining([message]) });
      const profile = await rejection(
        h.bus.request(IdentitySubjects.updateProfile, { userId, email: 'shape@example.org', firstName: 'Sha', lastName: 'Pe', ...change }),
      );
      expect({ change, errors: profile.body.errors }).toEqual({ change, errors: expect.arrayContaining([message]) });
    }
  });

  it('counts every argon2 verification in identity_password_verifications_total', async () => {
    const before = await verifications();
    await rejection(h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password: 'Wrong!pass1' }));
    await rejection(h.bus.request(IdentitySubjects.login, { email: 'nobody@example.org', password: 'Wrong!pass1' }));
    await h.bus.request(IdentitySubjects.login, { email: 'shape@example.org', password: strong });
    expect(await verifications()).toBe(before + 3);
  });
});
