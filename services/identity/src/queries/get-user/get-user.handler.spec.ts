import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@bleedkits/contracts';
import { refusal, userPorts } from '../../../test/handler-doubles';
import { GetUserHandler } from './get-user.handler';

describe(GetUserHandler.name, () => {
  const setup = () => {
    const p = userPorts([{ email: 'admin@example.org', role: 'admin', emailVerified: true, passwordHash: 'stored-hash', googleId: 'g-1' }]);
    return { p, user: [...p.store.values()][0], handler: new GetUserHandler(p.repository) };
  };

  it('answers the current user as the session sees them, with their role now and nothing secret', async () => {
    const { user, handler } = setup();
    expect(await handler.execute({ userId: user.id })).toEqual({
      user: { id: user.id, email: 'admin@example.org', firstName: 'Ann', lastName: 'Lee', role: 'admin', emailVerified: true },
    });
  });

  it('tells a missing user not found', async () => {
    const { handler } = setup();
    expect(await refusal(handler.execute({ userId: randomUUID() }))).toEqual({ code: ErrorCode.NotFound, message: 'User not found' });
  });

  it('answers an id that is not a uuid as not found without asking the database', async () => {
    const { p, handler } = setup();
    const read = jest.spyOn(p.repository, 'findById');
    expect(await refusal(handler.execute({ userId: 'nope' }))).toEqual({ code: ErrorCode.NotFound, message: 'User not found' });
    expect(read).not.toHaveBeenCalled();
  });

  it('lets a failed read fail (Postgres restarting is not "not found": the gateway would end the session)', async () => {
    const { p, handler } = setup();
    const restarting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    jest.spyOn(p.repository, 'findById').mockRejectedValue(restarting);
    await expect(handler.execute({ userId: randomUUID() })).rejects.toBe(restarting);
  });
});
