import { AuthMessages, ErrorCode } from '@bleedkits/contracts';
import { cheapHasher, refusal, userPorts } from '../../../test/handler-doubles';
import { RegisterUserHandler } from './register-user.handler';

describe(RegisterUserHandler.name, () => {
  const password = 'Str0ng!pass';

  function setup() {
    const h = cheapHasher();
    const p = userPorts([{ email: 'taken@example.org' }]);
    return { h, p, handler: new RegisterUserHandler(p.repository, h.hasher) };
  }

  it('creates an unverified regular user with trimmed names and an argon2 hash, never the password itself', async () => {
    const { h, p, handler } = setup();
    const { user } = await handler.execute({ email: 'ann@example.org', password, firstName: '  Ann ', lastName: ' Lee  ' });
    expect(user).toEqual({ id: expect.any(String), email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee', role: 'user', emailVerified: false });
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
    const stored = p.store.get(user.id)!;
    expect(stored.googleId).toBeNull();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain(password);
    expect(await h.verify(stored.passwordHash, password)).toBe(true);
  });

  it('refuses an e-mail that already has an account, in any case, before hashing anything', async () => {
    const { h, p, handler } = setup();
    const dup = await refusal(handler.execute({ email: 'TAKEN@example.org', password, firstName: 'A', lastName: 'B' }));
    expect(dup).toEqual({ code: ErrorCode.Conflict, message: AuthMessages.duplicateEmail });
    expect(h.calls.hash).toBe(0);
    expect(p.writes).toEqual([]);
  });

  it('reports every sign-up failure at once and creates nothing', async () => {
    const { h, p, handler } = setup();
    const bad = await refusal(handler.execute({ email: 'nope', password: 'short', firstName: '', lastName: 'Eve\r\nBcc: all@example.org' }));
    expect(bad.code).toBe(ErrorCode.ValidationFailed);
    expect(bad.errors).toEqual([
      AuthMessages.loginEmail,
      AuthMessages.passwordMinLength,
      AuthMessages.passwordUppercase,
      AuthMessages.passwordNumber,
      AuthMessages.passwordSpecial,
      AuthMessages.firstNameRequired,
      'Last name must be on one line',
    ]);
    expect(h.calls.hash).toBe(0);
    expect(p.writes).toEqual([]);
  });
});
