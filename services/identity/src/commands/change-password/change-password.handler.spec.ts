import { AuthMessages, ErrorCode } from '@bleedkits/contracts';
import { cheapHasher, refusal, userPorts } from '../../../test/handler-doubles';
import { ChangePasswordHandler } from './change-password.handler';

describe(ChangePasswordHandler.name, () => {
  const current = 'Old!pass1';
  const next = 'New!pass2';

  async function setup() {
    const h = cheapHasher();
    const p = userPorts();
    const user = p.add({ passwordHash: await h.hasher.hash(current) });
    h.calls.hash = 0;
    return { h, p, user, handler: new ChangePasswordHandler(p.repository, h.hasher) };
  }

  it('replaces the hash after the current password is proven, so only the new one signs in', async () => {
    const { h, p, user, handler } = await setup();
    expect(await handler.execute({ userId: user.id, currentPassword: current, newPassword: next })).toEqual({ message: 'Password changed' });
    const stored = p.store.get(user.id)!.passwordHash!;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(next);
    expect(await h.verify(stored, next)).toBe(true);
    expect(await h.verify(stored, current)).toBe(false);
  });

  it('ends every reset and e-mail-change link still open: a link sent before the change no longer works', async () => {
    const { p, user, handler } = await setup();
    const later = new Date(Date.now() + 3_600_000);
    await p.repository.createResetToken(user.id, 'reset-hash', later);
    await p.repository.createEmailChange(user.id, 'elsewhere@example.org', 'change-hash', later);
    await handler.execute({ userId: user.id, currentPassword: current, newPassword: next });
    expect(p.tokens[0].usedAt).toBeInstanceOf(Date);
    expect(p.emailChanges[0].usedAt).toBeInstanceOf(Date);
    expect(await p.repository.consumeResetToken('reset-hash', 'another')).toBeNull();
  });

  it('refuses a wrong current password with its message and leaves the hash alone', async () => {
    const { h, p, user, handler } = await setup();
    const before = p.store.get(user.id)!.passwordHash;
    const wrong = await refusal(handler.execute({ userId: user.id, currentPassword: 'Wrong!pass1', newPassword: next }));
    expect(wrong).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [AuthMessages.currentPasswordWrong] });
    expect(p.store.get(user.id)!.passwordHash).toBe(before);
    expect(h.calls.hash).toBe(0);
    expect(p.writes).toEqual([]);
  });

  it('refuses an unknown user as not found', async () => {
    const { p, handler } = await setup();
    expect((await refusal(handler.execute({ userId: 'nobody', currentPassword: current, newPassword: next }))).code).toBe(ErrorCode.NotFound);
    expect(p.writes).toEqual([]);
  });

  it('checks the shapes first: a short or non-text password never reaches argon2', async () => {
    const { h, p, user, handler } = await setup();
    const short = await refusal(handler.execute({ userId: user.id, currentPassword: current, newPassword: 'short' }));
    expect(short).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [AuthMessages.newPasswordMinLength] });
    const notText = await refusal(handler.execute({ userId: user.id, currentPassword: [current] as unknown as string, newPassword: next }));
    expect(notText.errors).toEqual([AuthMessages.currentPasswordRequired, AuthMessages.passwordNotText]);
    expect(h.calls).toEqual({ hash: 0, verify: 0 });
    expect(p.writes).toEqual([]);
  });
});
