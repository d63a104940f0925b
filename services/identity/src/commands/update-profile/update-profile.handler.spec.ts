import { AuthMessages, EMAIL_CHANGE_LINK_HOURS, EmailChangeMessages, ErrorCode, adminUserEditRules } from '@bleedkits/contracts';
import { actorOf, cheapHasher, refusal, userPorts } from '../../../test/handler-doubles';
import { hashResetToken } from '../send-password-reset/send-password-reset.handler';
import { UpdateProfileHandler } from './update-profile.handler';

describe(UpdateProfileHandler.name, () => {
  const password = 'Ann!pass1';
  const confirmUrlBase = 'https://register.example';

  async function setup() {
    const h = cheapHasher();
    const p = userPorts();
    const ann = p.add({
      email: 'ann@example.org',
      firstName: 'Ann',
      lastName: 'Lee',
      emailVerified: true,
      passwordHash: await h.hasher.hash(password),
    });
    p.add({ email: 'bob@example.org' });
    const admin = actorOf(p.add({ email: 'admin@example.org', role: 'admin' }));
    return { p, h, ann, admin, handler: new UpdateProfileHandler(p.repository, h.hasher, p.emailChangeMailer, p.audit) };
  }

  it('saves trimmed names and keeps the address verified when it did not change (case aside), without a password', async () => {
    const { p, ann, handler } = await setup();
    const answer = await handler.execute({ userId: ann.id, firstName: ' Anna ', lastName: ' Lee-Smith ', email: 'Ann@Example.org' });
    expect(answer).toEqual({
      user: { id: ann.id, email: 'ann@example.org', firstName: 'Anna', lastName: 'Lee-Smith', role: 'user', emailVerified: true },
    });
    expect(p.store.get(ann.id)).toMatchObject({ firstName: 'Anna', lastName: 'Lee-Smith', emailVerified: true });
    expect(p.changeMails).toEqual([]);
  });

  it('asks for a new address with the password: nothing changes yet, the new address gets a link and the old one a notice', async () => {
    const { p, ann, handler } = await setup();
    const answer = await handler.execute({
      userId: ann.id,
      firstName: 'Anna',
      lastName: 'Lee',
      email: ' Ann.Lee@Example.org ',
      currentPassword: password,
      confirmUrlBase,
    });
    expect(answer).toEqual({
      user: expect.objectContaining({ email: 'ann@example.org', firstName: 'Anna', emailVerified: true }),
      pendingEmail: 'ann.lee@example.org',
      message: EmailChangeMessages.pending('ann.lee@example.org'),
    });
    expect(p.store.get(ann.id)).toMatchObject({ email: 'ann@example.org', firstName: 'Anna' });
    const [confirmation, notice] = p.changeMails;
    expect(confirmation).toMatchObject({
      kind: 'confirmation',
      to: 'ann.lee@example.org',
      newEmail: 'ann.lee@example.org',
      expiresInHours: EMAIL_CHANGE_LINK_HOURS,
    });
    expect(notice).toMatchObject({ kind: 'notice', to: 'ann@example.org', newEmail: 'ann.lee@example.org', siteUrl: `${confirmUrlBase}/` });
    expect(p.changeMails).toHaveLength(2);
    // The link carries the token; only its hash is stored, for the new address, expiring in a day.
    const url = new URL((confirmation as { confirmUrl: string }).confirmUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${confirmUrlBase}/confirm-email`);
    const token = url.searchParams.get('token')!;
    expect(p.emailChanges).toEqual([
      { userId: ann.id, newEmail: 'ann.lee@example.org', tokenHash: hashResetToken(token), expiresAt: expect.any(Date), usedAt: null },
    ]);
    const hours = (p.emailChanges[0].expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(EMAIL_CHANGE_LINK_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(EMAIL_CHANGE_LINK_HOURS);
  });

  it('refuses a new address without the password, with a wrong one, or for an account that has none; nothing is written or sent', async () => {
    const { p, h, ann, handler } = await setup();
    const change = { userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'new@example.org', confirmUrlBase };
    expect(await refusal(handler.execute(change))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [EmailChangeMessages.passwordRequired],
    });
    expect((await refusal(handler.execute({ ...change, currentPassword: '' }))).errors).toEqual([EmailChangeMessages.passwordRequired]);
    expect((await refusal(handler.execute({ ...change, currentPassword: ['x'] as unknown as string }))).errors).toContain(
      AuthMessages.passwordNotText,
    );
    expect(h.calls.verify).toBe(0);
    expect(await refusal(handler.execute({ ...change, currentPassword: 'Wrong!pass1' }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [AuthMessages.currentPasswordWrong],
    });
    const google = p.add({ email: 'g@example.org', passwordHash: null, googleId: 'g-1' });
    expect((await refusal(handler.execute({ ...change, userId: google.id, currentPassword: 'Any!pass1' }))).errors).toEqual([
      EmailChangeMessages.noPassword,
    ]);
    expect(p.writes).toEqual([]);
    expect(p.changeMails).toEqual([]);
  });

  it("refuses another user's address as a duplicate and an unknown user as not found", async () => {
    const { p, ann, handler } = await setup();
    const taken = { userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'BOB@example.org', currentPassword: password, confirmUrlBase };
    expect(await refusal(handler.execute(taken))).toEqual({ code: ErrorCode.Conflict, message: AuthMessages.duplicateEmail });
    expect((await refusal(handler.execute({ userId: 'nobody', firstName: 'A', lastName: 'B', email: 'a@example.org' }))).code).toBe(
      ErrorCode.NotFound,
    );
    expect(p.writes).toEqual([]);
    expect(p.store.get(ann.id)!.email).toBe('ann@example.org');
  });

  it("applies an admin's edit at once: the address is unproven again and reset links sent to the old one die", async () => {
    const { p, ann, admin, handler } = await setup();
    await p.repository.createResetToken(ann.id, 'hash-1', new Date(Date.now() + 60_000));
    const { user } = await handler.executeAsAdmin(
      { userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.org' },
      adminUserEditRules,
      admin,
    );
    expect(user).toMatchObject({ email: 'ann.lee@example.org', emailVerified: false });
    expect(p.tokens[0].usedAt).toBeInstanceOf(Date);
    expect(p.changeMails).toEqual([]);
  });

  it("records an admin's edit in the trail: who, whom, and the fields before and after", async () => {
    const { p, ann, admin, handler } = await setup();
    await handler.executeAsAdmin({ userId: ann.id, firstName: 'Anna', lastName: 'Lee', email: 'ann.lee@example.org' }, adminUserEditRules, admin);
    expect(p.audited).toHaveLength(1);
    const [entry] = p.audited;
    expect(entry).toMatchObject({ actor: admin, action: 'user.edited', target: { type: 'user', id: ann.id, label: 'Ann Lee <ann@example.org>' } });
    expect(entry.before).toMatchObject({ firstName: 'Ann', email: 'ann@example.org', emailVerified: true });
    expect(entry.after).toMatchObject({ firstName: 'Anna', email: 'ann.lee@example.org', emailVerified: false });
    expect(JSON.stringify(entry)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('refuses an edit by anyone but an admin, whatever the gateway let through', async () => {
    const { p, ann, handler } = await setup();
    const asAnn = actorOf(p.store.get(ann.id)!);
    const edit = { userId: ann.id, firstName: 'X', lastName: 'Y', email: 'x@example.org' };
    expect((await refusal(handler.executeAsAdmin(edit, adminUserEditRules, asAnn))).code).toBe(ErrorCode.Forbidden);
    expect(p.writes).toEqual([]);
    expect(p.audited).toEqual([]);
  });

  it('reports every failure of the rule table it is given at once', async () => {
    const { p, ann, admin, handler } = await setup();
    const bad = { userId: ann.id, firstName: ' ', lastName: 'Lee\n', email: 'nope' };
    const expected = [AuthMessages.firstNameRequired, 'Last name must be on one line', AuthMessages.profileEmail];
    expect(await refusal(handler.execute(bad))).toMatchObject({ code: ErrorCode.ValidationFailed, errors: expected });
    expect((await refusal(handler.executeAsAdmin(bad, adminUserEditRules, admin))).errors).toEqual(expected);
    const strict = { ...adminUserEditRules, email: [{ message: 'Only example.org', test: (v: unknown) => String(v).endsWith('@example.org') }] };
    expect(
      (await refusal(handler.executeAsAdmin({ userId: ann.id, firstName: 'Ann', lastName: 'Lee', email: 'ann@other.net' }, strict, admin))).errors,
    ).toEqual(['Only example.org']);
    expect(p.writes).toEqual([]);
  });
});
