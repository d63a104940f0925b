import { AuthMessages, ErrorCode, adminUserEditRules } from '@bleedkits/contracts';
import { refusal, userPorts } from '../../../test/handler-doubles';
import { UpdateProfileHandler } from './update-profile.handler';

describe(UpdateProfileHandler.name, () => {
  function setup() {
    const p = userPorts();
    const ann = p.add({ email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee', emailVerified: true });
    p.add({ email: 'bob@example.org' });
    return { p, ann, handler: new UpdateProfileHandler(p.repository) };
  }

  it('saves trimmed names and keeps the address verified when it did not change (case aside)', async () => {
    const { p, ann, handler } = setup();
    const { user } = await handler.execute({ userId: ann.id, firstName: ' Anna ', lastName: ' Lee-Smith ', email: 'Ann@Example.org' });
    expect(user).toEqual({ id: ann.id, email: 'ann@example.org', firstName: 'Anna', lastName: 'Lee-Smith', role: 'user', emailVerified: true });
    expect(p.store.get(ann.id)).toMatchObject({ firstName: 'Anna', lastName: 'Lee-Smith', emailVerified: true });
  });

  it('marks a new address unverified: nobody has proven it yet', async () => {
    const { p, ann, handler } = setup();
    const { user } = await handler.execute({ userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.org' });
    expect(user).toMatchObject({ email: 'ann.lee@example.org', emailVerified: false });
    expect(p.store.get(ann.id)!.emailVerified).toBe(false);
  });

  it("refuses another user's address as a duplicate and an unknown user as not found", async () => {
    const { p, ann, handler } = setup();
    expect(await refusal(handler.execute({ userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'BOB@example.org' }))).toEqual({
      code: ErrorCode.Conflict,
      message: AuthMessages.duplicateEmail,
    });
    expect((await refusal(handler.execute({ userId: 'nobody', firstName: 'A', lastName: 'B', email: 'a@example.org' }))).code).toBe(
      ErrorCode.NotFound,
    );
    expect(p.writes).toEqual([]);
    expect(p.store.get(ann.id)!.email).toBe('ann@example.org');
  });

  it('reports every failure of the rule table it is given at once', async () => {
    const { p, ann, handler } = setup();
    const bad = { userId: ann.id, firstName: ' ', lastName: 'Lee\n', email: 'nope' };
    const expected = [AuthMessages.firstNameRequired, 'Last name must be on one line', AuthMessages.profileEmail];
    expect(await refusal(handler.execute(bad))).toMatchObject({ code: ErrorCode.ValidationFailed, errors: expected });
    expect((await refusal(handler.execute(bad, adminUserEditRules))).errors).toEqual(expected);
    const strict = { ...adminUserEditRules, email: [{ message: 'Only example.org', test: (v: unknown) => String(v).endsWith('@example.org') }] };
    expect((await refusal(handler.execute({ userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'ann@other.net' }, strict))).errors).toEqual([
      'Only example.org',
    ]);
    expect(p.writes).toEqual([]);
  });
});
