import { AuthMessages, ErrorCode } from '@bleedkits/contracts';
import { cheapHasher, refusal, userPorts } from '../../../test/handler-doubles';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';
import { ResetPasswordHandler } from './reset-password.handler';

describe(ResetPasswordHandler.name, () => {
  const newPassword = 'N3w!password';
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  async function setup() {
    const h = cheapHasher();
    const p = userPorts();
    const user = p.add({ passwordHash: await h.hasher.hash('Old!pass1') });
    h.calls.hash = 0;
    return { h, p, user, handler: new ResetPasswordHandler(p.repository, h.hasher) };
  }

  it('sets the new password through a valid link, answers the user id, and kills every open link of that user', async () => {
    const { h, p, user, handler } = await setup();
    await p.repository.createResetToken(user.id, hashResetToken('link-one'), inAnHour());
    await p.repository.createResetToken(user.id, hashResetToken('link-two'), inAnHour());
    expect(await handler.execute({ token: 'link-one', newPassword })).toEqual({
      message: 'Your password has been reset. You can now sign in.',
      userId: user.id,
    });
    const stored = p.store.get(user.id)!.passwordHash!;
    expect(await h.verify(stored, newPassword)).toBe(true);
    expect(stored).not.toContain(newPassword);
    expect(p.tokens.every((t) => t.usedAt)).toBe(true);
    expect((await refusal(handler.execute({ token: 'link-two', newPassword }))).errors).toEqual([AuthMessages.resetTokenInvalid]);
  });

  it('refuses a used, an expired and an unknown link alike, and leaves the password alone', async () => {
    const { p, user, handler } = await setup();
    const before = p.store.get(user.id)!.passwordHash;
    await p.repository.createResetToken(user.id, hashResetToken('expired'), new Date(Date.now() - 1000));
    await p.repository.createResetToken(user.id, hashResetToken('used'), inAnHour());
    p.tokens[1].usedAt = new Date();
    for (const token of ['expired', 'used', 'never-issued']) {
      expect(await refusal(handler.execute({ token, newPassword }))).toEqual({
        code: ErrorCode.ValidationFailed,
        message: AuthMessages.resetTokenInvalid,
        errors: [AuthMessages.resetTokenInvalid],
      });
    }
    expect(p.store.get(user.id)!.passwordHash).toBe(before);
  });

  it('is single-use: the same link a second time is refused', async () => {
    const { p, user, handler } = await setup();
    await p.repository.createResetToken(user.id, hashResetToken('once'), inAnHour());
    await handler.execute({ token: 'once', newPassword });
    expect((await refusal(handler.execute({ token: 'once', newPassword: 'An0ther!pass' }))).errors).toEqual([AuthMessages.resetTokenInvalid]);
  });

  it('holds the new password to the sign-up rules and keeps the link usable when it fails them', async () => {
    const { h, p, user, handler } = await setup();
    await p.repository.createResetToken(user.id, hashResetToken('kept'), inAnHour());
    const weak = await refusal(handler.execute({ token: 'kept', newPassword: 'weakpass' }));
    expect(weak.errors).toEqual([AuthMessages.passwordUppercase, AuthMessages.passwordNumber, AuthMessages.passwordSpecial]);
    expect((await refusal(handler.execute({ token: '', newPassword }))).errors).toEqual([AuthMessages.resetTokenInvalid]);
    expect(h.calls.hash).toBe(0);
    expect(p.tokens[0].usedAt).toBeNull();
    expect((await handler.execute({ token: 'kept', newPassword })).userId).toBe(user.id);
  });
});
