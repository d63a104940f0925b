import { FORGOT_PASSWORD_ANSWER, type RequestPasswordResetCommand } from '@bleedkits/contracts';
import { identityEnv, userPorts } from '../../../test/handler-doubles';
import { SendPasswordResetHandler, hashResetToken } from '../send-password-reset/send-password-reset.handler';
import { RequestPasswordResetHandler } from './request-password-reset.handler';

describe(RequestPasswordResetHandler.name, () => {
  const base = 'https://kits.example.org';

  function setup() {
    const p = userPorts();
    const user = p.add({ email: 'ann@example.org', firstName: 'Ann' });
    const send = new SendPasswordResetHandler(p.repository, p.mailer, identityEnv(), p.audit);
    return { p, user, handler: new RequestPasswordResetHandler(p.repository, send) };
  }

  it('e-mails a single-use link to an address with an account, however it was typed', async () => {
    const { p, user, handler } = setup();
    expect(await handler.execute({ email: '  Ann@Example.ORG ', resetUrlBase: base })).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(p.mails).toHaveLength(1);
    expect(p.mails[0]).toMatchObject({ to: 'ann@example.org', firstName: 'Ann' });
    const token = new URL(p.mails[0].resetUrl).searchParams.get('token')!;
    expect(p.tokens).toEqual([expect.objectContaining({ userId: user.id, tokenHash: hashResetToken(token), usedAt: null })]);
  });

  it('answers every other address, and what is not an address, exactly the same and sends nothing', async () => {
    const { p, handler } = setup();
    const others: unknown[] = [
      { email: 'ghost@example.org', resetUrlBase: base },
      { email: 'not-an-address', resetUrlBase: base },
      { email: ['ann@example.org'], resetUrlBase: base },
      { email: 'ann@example.org' },
      {},
      null,
    ];
    for (const req of others) expect(await handler.execute(req as RequestPasswordResetCommand)).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(p.mails).toEqual([]);
    expect(p.writes).toEqual([]);
  });
});
