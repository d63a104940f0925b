import { ErrorCode } from '@bleedkits/contracts';
import { actorOf, identityEnv, refusal, userPorts } from '../../../test/handler-doubles';
import { SendPasswordResetHandler, hashResetToken } from './send-password-reset.handler';

describe(SendPasswordResetHandler.name, () => {
  function setup() {
    const p = userPorts();
    const user = p.add({ email: 'ann@example.org', firstName: 'Ann' });
    const admin = actorOf(p.add({ role: 'admin' }));
    return {
      p,
      user,
      admin,
      handler: new SendPasswordResetHandler(p.repository, p.mailer, identityEnv({ PASSWORD_RESET_TTL_MINUTES: 30 }), p.audit),
    };
  }

  it('stores only the hash of a fresh token and e-mails the link that carries the token', async () => {
    const { p, user, admin, handler } = setup();
    const before = Date.now();
    expect(await handler.execute({ actor: admin, userId: user.id, resetUrlBase: 'https://kits.example.org' })).toEqual({
      message: 'A password reset link has been sent to ann@example.org',
    });
    const [mail] = p.mails;
    const url = new URL(mail.resetUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://kits.example.org/reset-password');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.tokens).toEqual([{ userId: user.id, tokenHash: hashResetToken(token), expiresAt: mail.expiresAt, usedAt: null }]);
    expect(JSON.stringify(p.tokens)).not.toContain(token);
    expect(mail).toMatchObject({ to: 'ann@example.org', firstName: 'Ann', linkId: hashResetToken(token).slice(0, 32) });
    expect(mail.linkId).not.toContain(token);
    // Expires PASSWORD_RESET_TTL_MINUTES after it was made.
    expect(mail.expiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(mail.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('makes a new single-use link each time it is asked', async () => {
    const { p, user, admin, handler } = setup();
    await handler.execute({ actor: admin, userId: user.id, resetUrlBase: 'https://kits.example.org' });
    await handler.execute({ actor: admin, userId: user.id, resetUrlBase: 'https://kits.example.org' });
    expect(new Set(p.mails.map((m) => m.resetUrl)).size).toBe(2);
    expect(new Set(p.tokens.map((t) => t.tokenHash)).size).toBe(2);
  });

  it('refuses an unknown user as not found and sends nothing', async () => {
    const { p, admin, handler } = setup();
    expect((await refusal(handler.execute({ actor: admin, userId: 'nobody', resetUrlBase: 'https://kits.example.org' }))).code).toBe(
      ErrorCode.NotFound,
    );
    expect(p.mails).toEqual([]);
    expect(p.tokens).toEqual([]);
    expect(p.audited).toEqual([]);
  });

  it('records the reset in the audit trail with who asked, never the link', async () => {
    const { p, user, admin, handler } = setup();
    await handler.execute({ actor: admin, userId: user.id, resetUrlBase: 'https://kits.example.org' });
    expect(p.audited).toEqual([
      expect.objectContaining({ actor: admin, action: 'user.password-reset-sent', target: expect.objectContaining({ type: 'user', id: user.id }) }),
    ]);
    const token = new URL(p.mails[0].resetUrl).searchParams.get('token')!;
    expect(JSON.stringify(p.audited)).not.toContain(token);
  });

  it('refuses anyone but an admin', async () => {
    const { p, user, handler } = setup();
    const code = (await refusal(handler.execute({ actor: actorOf(user), userId: user.id, resetUrlBase: 'https://kits.example.org' }))).code;
    expect(code).toBe(ErrorCode.Forbidden);
    expect(p.mails).toEqual([]);
  });
});
