import { ErrorCode } from '@bleedkits/contracts';
import { identityEnv, refusal, userPorts } from '../../../test/handler-doubles';
import { SendPasswordResetHandler, hashResetToken } from './send-password-reset.handler';

describe(SendPasswordResetHandler.name, () => {
  function setup() {
    const p = userPorts();
    const user = p.add({ email: 'ann@example.org', firstName: 'Ann' });
    return { p, user, handler: new SendPasswordResetHandler(p.repository, p.mailer, identityEnv({ PASSWORD_RESET_TTL_MINUTES: 30 })) };
  }

  it('stores only the hash of a fresh token and e-mails the link that carries the token', async () => {
    const { p, user, handler } = setup();
    const before = Date.now();
    expect(await handler.execute({ userId: user.id, resetUrlBase: 'https://kits.example.org' })).toEqual({
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
    const { p, user, handler } = setup();
    await handler.execute({ userId: user.id, resetUrlBase: 'https://kits.example.org' });
    await handler.execute({ userId: user.id, resetUrlBase: 'https://kits.example.org' });
    expect(new Set(p.mails.map((m) => m.resetUrl)).size).toBe(2);
    expect(new Set(p.tokens.map((t) => t.tokenHash)).size).toBe(2);
  });

  it('refuses an unknown user as not found and sends nothing', async () => {
    const { p, handler } = setup();
    expect((await refusal(handler.execute({ userId: 'nobody', resetUrlBase: 'https://kits.example.org' }))).code).toBe(ErrorCode.NotFound);
    expect(p.mails).toEqual([]);
    expect(p.tokens).toEqual([]);
  });
});
