import { ErrorCode } from '@bleedkits/contracts';
import { actorOf, refusal, userPorts } from '../../../test/handler-doubles';
import { ToggleRoleHandler } from './toggle-role.handler';

/** The gateway's AdminOnly guard keeps others from this subject; the handler checks the actor's role again and keeps the rules about whom. */
describe(ToggleRoleHandler.name, () => {
  function setup() {
    const p = userPorts();
    const admin = p.add({ role: 'admin' });
    const ann = p.add({ email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee' });
    const nameless = p.add({ email: 'x@example.org', firstName: '', lastName: '' });
    return { p, admin: actorOf(admin), ann, nameless, handler: new ToggleRoleHandler(p.repository, p.audit) };
  }

  it('promotes a user to admin and demotes them back, naming them in the answer', async () => {
    const { p, admin, ann, nameless, handler } = setup();
    expect(await handler.execute({ actor: admin, userId: ann.id })).toEqual({ message: 'Ann Lee is now an admin', role: 'admin' });
    expect(p.store.get(ann.id)!.role).toBe('admin');
    expect(await handler.execute({ actor: admin, userId: ann.id })).toEqual({ message: 'Ann Lee is now a regular user', role: 'user' });
    expect(p.store.get(ann.id)!.role).toBe('user');
    expect((await handler.execute({ actor: admin, userId: nameless.id })).message).toBe('x@example.org is now an admin');
    expect(p.audited.map((e) => [e.action, e.target.id, e.before, e.after])).toEqual([
      ['user.role-changed', ann.id, { role: 'user' }, { role: 'admin' }],
      ['user.role-changed', ann.id, { role: 'admin' }, { role: 'user' }],
      ['user.role-changed', nameless.id, { role: 'user' }, { role: 'admin' }],
    ]);
    expect(p.audited[0].actor).toEqual(admin);
  });

  it('refuses a caller who is not an admin, whatever the gateway let through', async () => {
    const { p, ann, nameless, handler } = setup();
    expect(await refusal(handler.execute({ actor: actorOf(ann), userId: nameless.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'Admin access is required.',
    });
    expect(p.store.get(nameless.id)!.role).toBe('user');
    expect(p.writes).toEqual([]);
  });

  it('refuses an admin changing their own role, so the last admin cannot demote themself', async () => {
    const { p, admin, handler } = setup();
    expect(await refusal(handler.execute({ actor: admin, userId: admin.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'You cannot change your own role',
    });
    expect(p.store.get(admin.id)!.role).toBe('admin');
    expect(p.writes).toEqual([]);
  });

  it('checks the e-mail the admin confirmed against the user, ignoring case', async () => {
    const { p, admin, ann, handler } = setup();
    const mismatch = await refusal(handler.execute({ actor: admin, userId: ann.id, email: 'someone-else@example.org' }));
    expect(mismatch).toMatchObject({ code: ErrorCode.ValidationFailed, errors: ['The e-mail does not match the selected user'] });
    expect(p.writes).toEqual([]);
    expect((await handler.execute({ actor: admin, userId: ann.id, email: ' ANN@example.org ' })).role).toBe('admin');
  });

  it('refuses an unknown user as not found', async () => {
    const { p, admin, handler } = setup();
    expect((await refusal(handler.execute({ actor: admin, userId: 'nobody' }))).code).toBe(ErrorCode.NotFound);
    expect(p.writes).toEqual([]);
  });
});
