import { ErrorCode, type GoogleSignInRequest } from '@bleedkits/contracts';
import { refusal, userPorts } from '../../../test/handler-doubles';
import { SignInWithGoogleHandler } from './sign-in-with-google.handler';

describe(SignInWithGoogleHandler.name, () => {
  const google = (fields: Partial<GoogleSignInRequest> = {}): GoogleSignInRequest => ({
    googleId: 'g-new',
    email: 'new@example.org',
    firstName: 'Nia',
    lastName: 'Ng',
    emailVerified: true,
    ...fields,
  });

  function setup() {
    const p = userPorts();
    const linked = p.add({ email: 'linked@example.org', googleId: 'g-linked', emailVerified: true });
    const local = p.add({ email: 'ann@example.org', passwordHash: 'a-hash', emailVerified: false });
    return { p, linked, local, handler: new SignInWithGoogleHandler(p.repository, p.audit) };
  }

  it('signs a known Google account in by its Google id and writes nothing', async () => {
    const { p, linked, handler } = setup();
    const { user } = await handler.execute(google({ googleId: 'g-linked', email: 'changed-at-google@example.org' }));
    expect(user.id).toBe(linked.id);
    expect(p.writes).toEqual([]);
    expect(p.audited).toEqual([]);
  });

  it("records an admin's Google sign-in in the audit trail", async () => {
    const { p, handler } = setup();
    const boss = p.add({ email: 'boss@example.org', googleId: 'g-boss', role: 'admin', emailVerified: true });
    await handler.execute(google({ googleId: 'g-boss', email: 'boss@example.org' }));
    expect(p.audited).toEqual([expect.objectContaining({ action: 'admin.signed-in', actor: expect.objectContaining({ id: boss.id }) })]);
  });

  it('links an existing account with the same e-mail only when Google vouches for the address', async () => {
    const { p, local, handler } = setup();
    const unverified = await refusal(handler.execute(google({ email: 'ann@example.org', emailVerified: false })));
    expect(unverified).toEqual({ code: ErrorCode.Conflict, message: 'This e-mail is already registered. Sign in with your password.' });
    expect(p.store.get(local.id)!.googleId).toBeNull();

    const { user } = await handler.execute(google({ email: 'ann@example.org' }));
    expect(user).toMatchObject({ id: local.id, emailVerified: true });
    expect(p.store.get(local.id)).toMatchObject({ googleId: 'g-new', passwordHash: 'a-hash' });
  });

  it('creates a password-less regular account for a new Google user', async () => {
    const { p, handler } = setup();
    const { user } = await handler.execute(google({ emailVerified: false }));
    expect(user).toMatchObject({ email: 'new@example.org', firstName: 'Nia', lastName: 'Ng', role: 'user', emailVerified: false });
    expect(p.store.get(user.id)).toMatchObject({ googleId: 'g-new', passwordHash: null });
  });

  it("cleans Google's profile names: control characters become spaces, the length is capped, a missing first name comes from the e-mail", async () => {
    const { handler } = setup();
    const { user } = await handler.execute(google({ firstName: ' Eve\r\nBcc: x ', lastName: 'L'.repeat(150) }));
    expect(user.firstName).toBe('Eve Bcc: x');
    expect(user.lastName).toBe('L'.repeat(100));
    const unnamed = await handler.execute(google({ googleId: 'g-2', email: 'zoe.k@example.org', firstName: '', lastName: undefined }));
    expect(unnamed.user).toMatchObject({ firstName: 'zoe.k', lastName: '' });
  });

  it('refuses an answer without a Google id or a usable e-mail', async () => {
    const { p, handler } = setup();
    for (const bad of [google({ googleId: '' }), google({ email: 'not-an-address' }), google({ email: `${'a'.repeat(250)}@example.org` })]) {
      expect(await refusal(handler.execute(bad))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        errors: ['Google did not return an e-mail address'],
      });
    }
    expect(p.writes).toEqual([]);
  });
});
