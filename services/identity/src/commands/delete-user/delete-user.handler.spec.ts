import { ErrorCode } from '@bleedkits/contracts';
import { actorOf, refusal, userPorts } from '../../../test/handler-doubles';
import { DeleteUserHandler } from './delete-user.handler';

describe(DeleteUserHandler.name, () => {
  function setup() {
    const p = userPorts();
    const admin = p.add({ role: 'admin', email: 'boss@example.org' });
    const otherAdmin = p.add({ role: 'admin' });
    const user = p.add({ email: 'ann@example.org' });
    const other = p.add({ email: 'bob@example.org' });
    return { p, admin: actorOf(admin), otherAdmin, user, other, handler: new DeleteUserHandler(p.repository, p.audit) };
  }

  it('deletes a regular user and names them in the answer', async () => {
    const { p, admin, user, handler } = setup();
    expect(await handler.execute({ actor: admin, userId: user.id })).toEqual({ message: 'User ann@example.org deleted' });
    expect(p.store.has(user.id)).toBe(false);
    expect(p.audited).toEqual([
      expect.objectContaining({ actor: admin, action: 'user.deleted', before: expect.objectContaining({ email: 'ann@example.org' }), after: null }),
    ]);
  });

  it('refuses to delete an admin, or the actor themself, as forbidden', async () => {
    const { p, admin, otherAdmin, handler } = setup();
    expect(await refusal(handler.execute({ actor: admin, userId: otherAdmin.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'Admin users cannot be deleted',
    });
    expect(await refusal(handler.execute({ actor: admin, userId: admin.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'You cannot delete your own account',
    });
    expect(p.writes).toEqual([]);
    expect(p.store.size).toBe(4);
  });

  it('refuses a caller who is not an admin, whatever the gateway let through', async () => {
    const { p, user, other, handler } = setup();
    for (const userId of [other.id, user.id]) {
      expect(await refusal(handler.execute({ actor: actorOf(user), userId }))).toEqual({
        code: ErrorCode.Forbidden,
        message: 'Admin access is required.',
      });
    }
    expect(p.writes).toEqual([]);
    expect(p.store.size).toBe(4);
  });

  it('refuses an unknown user as not found', async () => {
    const { p, admin, handler } = setup();
    expect((await refusal(handler.execute({ actor: admin, userId: 'nobody' }))).code).toBe(ErrorCode.NotFound);
    expect(p.writes).toEqual([]);
  });
});
