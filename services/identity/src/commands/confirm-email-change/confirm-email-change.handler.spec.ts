import { AuthMessages, EmailChangeMessages, ErrorCode } from '@bleedkits/contracts';
import { refusal, userPorts } from '../../../test/handler-doubles';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';
import { ConfirmEmailChangeHandler } from './confirm-email-change.handler';

describe(ConfirmEmailChangeHandler.name, () => {
  const soon = () => new Date(Date.now() + 3_600_000);

  function setup() {
    const p = userPorts();
    const ann = p.add({ email: 'ann@example.org', emailVerified: false });
    return { p, ann, handler: new ConfirmEmailChangeHandler(p.repository) };
  }

  it('changes the address once, verified by the link, and every other open link of the user dies', async () => {
    const { p, ann, handler } = setup();
    await p.repository.createResetToken(ann.id, 'reset-hash', soon());
    await p.repository.createEmailChange(ann.id, 'Ann.New@Example.org', hashResetToken('the-token'), soon());
    expect(await handler.execute({ token: 'the-token' })).toEqual({ message: EmailChangeMessages.confirmed, userId: ann.id });
    expect(p.store.get(ann.id)).toMatchObject({ email: 'ann.new@example.org', emailVerified: true });
    expect(p.tokens[0].usedAt).toBeInstanceOf(Date);
    const again = await refusal(handler.execute({ token: 'the-token' }));
    expect(again).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [EmailChangeMessages.linkInvalid] });
  });

  it('refuses an unknown, expired, superseded or malformed token with the same message', async () => {
    const { p, ann, handler } = setup();
    await p.repository.createEmailChange(ann.id, 'old-ask@example.org', hashResetToken('first'), soon());
    await p.repository.createEmailChange(ann.id, 'new-ask@example.org', hashResetToken('second'), soon());
    await p.repository.createEmailChange(p.add({}).id, 'late@example.org', hashResetToken('expired'), new Date(Date.now() - 1000));
    for (const token of ['first', 'expired', 'unknown', '', 'x'.repeat(300), 42 as unknown as string]) {
      expect(await refusal(handler.execute({ token }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        errors: [EmailChangeMessages.linkInvalid],
      });
    }
    expect(p.store.get(ann.id)!.email).toBe('ann@example.org');
  });

  it('answers the duplicate conflict when another account took the address meanwhile', async () => {
    const { p, ann, handler } = setup();
    await p.repository.createEmailChange(ann.id, 'taken@example.org', hashResetToken('t'), soon());
    p.add({ email: 'taken@example.org' });
    expect(await refusal(handler.execute({ token: 't' }))).toEqual({ code: ErrorCode.Conflict, message: AuthMessages.duplicateEmail });
    expect(p.store.get(ann.id)!.email).toBe('ann@example.org');
  });
});
