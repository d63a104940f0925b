import { ErrorCode } from '@bleedkits/contracts';
import { refusal, userPorts } from '../../../test/handler-doubles';
import { DeleteUserHandler } from './delete-user.handler';

describe(DeleteUserHandler.name, () => {
  function setup() {
    const p = userPorts();
    const admin = p.add({ role: 'admin', email: 'boss@example.org' });
    const otherAdmin = p.add({ role: 'admin' });
    const user = p.add({ email: 'ann@example.org' });
    return { p, admin, otherAdmin, user, handler: new DeleteUserHandler(p.repository) };
  }

  it('deletes a regular user and names them in the answer', async () => {
    const { p, admin, user, handler } = setup();
    expect(await handler.execute({ actorId: admin.id, userId: user.id })).toEqual({ message: 'User ann@example.org deleted' });
    expect(p.store.has(user.id)).toBe(false);
  });

  it('refuses to delete an admin, or the actor themself, as forbidden', async () => {
    const { p, admin, otherAdmin, user, handler } = setup();
    expect(await refusal(handler.execute({ actorId: admin.id, userId: otherAdmin.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'Admin users cannot be deleted',
    });
    expect(await refusal(handler.execute({ actorId: user.id, userId: user.id }))).toEqual({
      code: ErrorCode.Forbidden,
      message: 'You cannot delete your own account',
    });
    expect(p.writes).toEqual([]);
    expect(p.store.size).toBe(3);
  });

  it('refuses an unknown user as not found', async () => {
    const { p, admin, handler } = setup();
    expect((await refusal(handler.execute({ actorId: admin.id, userId: 'nobody' }))).code).toBe(ErrorCode.NotFound);
    expect(p.writes).toEqual([]);
  });
});
