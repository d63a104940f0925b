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

  it('answers a read that fails (an id the database cannot take) as not found, not as an error', async () => {
    const { p, handler } = setup();
    jest.spyOn(p.repository, 'findById').mockRejectedValue(new Error('invalid input syntax for type uuid: "nope"'));
    expect(await refusal(handler.execute({ userId: 'nope' }))).toEqual({ code: ErrorCode.NotFound, message: 'User not found' });
  });
});
