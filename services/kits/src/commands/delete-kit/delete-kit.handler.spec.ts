import { ErrorCode } from '@bleedkits/contracts';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { DeleteKitHandler } from './delete-kit.handler';

describe(DeleteKitHandler.name, () => {
  const owner = someone();
  const setup = () => {
    const p = kitPorts([
      { id: 1, ownerId: owner.id },
      { id: 2, ownerId: 'someone-else' },
    ]);
    return { p, handler: new DeleteKitHandler(p.repository, p.publisher, p.audit) };
  };

  it('lets the owner and an admin delete, each leaving a hinted revision', async () => {
    const { p, handler } = setup();
    expect(await handler.execute({ actor: owner, kitId: 1 })).toEqual({ message: 'Kit deleted' });
    expect(await handler.execute({ actor: someone('admin'), kitId: 'BCK-2' })).toEqual({ message: 'Kit deleted' });
    expect(p.deleted).toEqual([1, 2]);
    expect(p.hints).toHaveLength(2);
  });

  it('records each deletion in the audit trail with who deleted and the kit as it was', async () => {
    const { p, handler } = setup();
    const admin = someone('admin');
    await handler.execute({ actor: admin, kitId: 2 });
    expect(p.audited).toEqual([
      expect.objectContaining({
        actor: admin,
        action: 'kit.deleted',
        target: expect.objectContaining({ type: 'kit', id: 2 }),
        before: expect.objectContaining({ ownerId: 'someone-else' }),
        after: null,
      }),
    ]);
  });

  it("answers someone else's kit exactly like a missing one, and refuses a malformed id", async () => {
    const { p, handler } = setup();
    const other = await refusal(handler.execute({ actor: owner, kitId: 2 }));
    const missing = await refusal(handler.execute({ actor: owner, kitId: 3 }));
    expect(other).toEqual(missing);
    expect(other.code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.execute({ actor: owner, kitId: 'x' }))).code).toBe(ErrorCode.ValidationFailed);
    expect(p.deleted).toEqual([]);
    expect(p.audited).toEqual([]);
  });
});
