import { AuthMessages, ErrorCode } from '@bleedkits/contracts';
import { cheapHasher, refusal, userPorts } from '../../../test/handler-doubles';
import { LogInHandler } from './log-in.handler';

describe(LogInHandler.name, () => {
  const password = 'Str0ng!pass';

  async function setup() {
    const h = cheapHasher();
    const p = userPorts();
    const ann = p.add({
      email: 'ann@example.org',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: await h.hasher.hash(password),
      emailVerified: true,
    });
    p.add({ email: 'google@example.org', passwordHash: null, googleId: 'g-1' });
    h.calls.hash = 0;
    return { h, p, ann, handler: new LogInHandler(p.repository, h.hasher, p.audit) };
  }

  it('signs in with the right password and answers the current user, never the hash', async () => {
    const { ann, handler } = await setup();
    const { user } = await handler.execute({ email: 'ann@example.org', password });
    expect(user).toEqual({ id: ann.id, email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee', role: 'user', emailVerified: true });
  });

  it("records an admin's sign-in in the audit trail, and no one else's", async () => {
    const { p, h, handler } = await setup();
    await handler.execute({ email: 'ann@example.org', password });
    expect(p.audited).toEqual([]);
    const boss = p.add({ email: 'boss@example.org', role: 'admin', passwordHash: await h.hasher.hash(password) });
    await handler.execute({ email: 'boss@example.org', password });
    expect(p.audited).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: boss.id }),
        action: 'admin.signed-in',
        target: expect.objectContaining({ id: boss.id }),
      }),
    ]);
  });

  it('answers a wrong password, an unknown e-mail and a Google-only account alike, after one verification each', async () => {
    const { h, handler } = await setup();
    const attempts = [
      { email: 'ann@example.org', password: 'Wrong!pass1' },
      { email: 'ghost@example.org', password },
      { email: 'google@example.org', password },
    ];
    for (const attempt of attempts) {
      const before = h.calls.verify;
      expect(await refusal(handler.execute(attempt))).toEqual({ code: ErrorCode.Unauthenticated, message: AuthMessages.invalidCredentials });
      expect(h.calls.verify).toBe(before + 1);
    }
  });

  it('refuses what is not an e-mail and a password with every message at once, before argon2 runs', async () => {
    const { h, handler } = await setup();
    const bad = await refusal(handler.execute({ email: 'nope', password: [password] as unknown as string }));
    expect(bad).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [AuthMessages.loginEmail, AuthMessages.loginPassword, AuthMessages.passwordNotText],
    });
    expect(h.calls.verify).toBe(0);
  });
});
