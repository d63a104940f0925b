import { ErrorCode } from '@bleedkits/contracts';
import type { NatsBus } from '@bleedkits/platform';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { ReassignKitHandler } from './reassign-kit.handler';

describe(ReassignKitHandler.name, () => {
  const admin = someone('admin');
  const known = someone();
  const identity = {
    request: async (_s: string, req: { userIds: string[] }) => ({
      emails: Object.fromEntries(req.userIds.filter((id) => id === known.id).map((id) => [id, known.email])),
    }),
  } as unknown as NatsBus;

  function setup() {
    const p = kitPorts([{ id: 5, ownerId: 'previous-owner' }]);
    return { p, handler: new ReassignKitHandler(p.repository, identity, p.views, p.publisher) };
  }

  it('gives a kit to a user identity knows, with a new revision and a hint', async () => {
    const { p, handler } = setup();
    await handler.execute({ actor: admin, kitId: 'BCK-5', userId: known.id });
    expect(p.store.get(5)!.ownerId).toBe(known.id);
    expect(p.hints).toEqual([p.store.get(5)!.revision]);
  });

  it('unassigns with no user, refuses an unknown user or kit, and refuses anyone but an admin', async () => {
    const { p, handler } = setup();
    await handler.execute({ actor: admin, kitId: 5, userId: null });
    expect(p.store.get(5)!.ownerId).toBeNull();
    expect((await refusal(handler.execute({ actor: admin, kitId: 5, userId: 'stranger' }))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.execute({ actor: admin, kitId: 999, userId: null }))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.execute({ actor: known, kitId: 5, userId: known.id }))).code).toBe(ErrorCode.Forbidden);
    expect(p.hints).toHaveLength(1);
  });
});
