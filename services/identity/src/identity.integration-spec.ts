import { AuthMessages, ErrorCode } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type IdentityHarness, startIdentity } from '../test/identity-harness';

const strong = 'Str0ng!pass';

describe('identity over NATS', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity({ ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'Adm1n!password' });
  });
  afterAll(async () => h?.close());

  it('ensures the configured admin at start', async () => {
    const { user } = await h.bus.request(IdentitySubjects.login, { email: 'boss@example.org', password: 'Adm1n!password' });
    expect(user.role).toBe('admin');
  });

  it('registers with a normalised e-mail and refuses a case-variant duplicate', async () => {
    const { user } = await h.bus.request(IdentitySubjects.register, {
      email: ' Ann@Example.ORG ',
      password: strong,
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(user).toMatchObject({ email: 'ann@example.org', firstName: 'Ann', role: 'user' });
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
    const dup = await rejection(
      h.bus.request(IdentitySubjects.register, { email: 'ANN@example.org', password: strong, firstName: 'A', lastName: 'B' }),
    );
    expect(dup.body).toEqual({ code: ErrorCode.Conflict, message: AuthMessages.duplicateEmail });
  });

  it('reports every sign-up failure at once with the spec messages', async () => {
    const err = await rejection(h.bus.request(IdentitySubjects.register, { email: 'nope', password: 'short', firstName: '', lastName: ' ' }));
    expect(err.body.code).toBe(ErrorCode.ValidationFailed);
    expect(err.body.errors).toEqual([
      AuthMessages.loginEmail,
      AuthMessages.passwordMinLength,
      AuthMessages.passwordUppercase,
      AuthMessages.passwordNumber,
      AuthMessages.passwordSpecial,
      AuthMessages.firstNameRequired,
      AuthMessages.lastNameRequired,
    ]);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const unknown = await rejection(h.bus.request(IdentitySubjects.login, { email: 'ghost@example.org', password: 'whatever' }));
    const wrong = await rejection(h.bus.request(IdentitySubjects.login, { email: 'ann@example.org', password: 'whatever' }));
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ code: ErrorCode.Unauthenticated, message: AuthMessages.invalidCredentials });
  });

  it('lists users with kit_count 0 while kits cannot answer', async () => {
    const { items: users, hasMore } = await h.bus.request(IdentitySubjects.listUsers, {});
    expect(hasMore).toBe(false);
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['boss@example.org', 'ann@example.org']));
    for (const u of users)
      expect(Object.keys(u).sort()).toEqual(['created_at', 'email', 'email_verified', 'first_name', 'id', 'kit_count', 'last_name', 'role']);
    expect(users.every((u) => u.kit_count === 0)).toBe(true);
  });
});
