import { ErrorCode, KitMessages } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { GetKitHandler } from './get-kit.handler';

describe(GetKitHandler.name, () => {
  const owner = someone();
  const setup = () => {
    const p = kitPorts([storedKit(1, { ownerId: owner.id }), storedKit(2, { ownerId: someone().id }), storedKit(3, { ownerId: null })]);
    return { p, handler: new GetKitHandler(p.repository, p.views) };
  };

  it('answers the owner their kit (by number or BCK- reference), in the view for that caller', async () => {
    const { handler } = setup();
    expect(await handler.execute({ actor: owner, kitId: 1 })).toMatchObject({ id: 1, userId: owner.id });
    expect(await handler.execute({ actor: owner, kitId: 'BCK-1' })).toMatchObject({ id: 1 });
  });

  it("answers an admin anyone's kit, and a kit with no owner", async () => {
    const { handler } = setup();
    const admin = someone('admin');
    expect(await handler.execute({ actor: admin, kitId: 2 })).toMatchObject({ id: 2 });
    expect(await handler.execute({ actor: admin, kitId: 3 })).toMatchObject({ id: 3, userId: null });
  });

  it('tells anyone else a kit is not found, exactly as a missing one (an ownerless kit too)', async () => {
    const { handler } = setup();
    const stranger = await refusal(handler.execute({ actor: owner, kitId: 2 }));
    expect(stranger).toEqual({ code: ErrorCode.NotFound, message: KitMessages.notFound });
    expect(await refusal(handler.execute({ actor: owner, kitId: 99 }))).toEqual(stranger);
    expect(await refusal(handler.execute({ actor: owner, kitId: 3 }))).toEqual(stranger);
  });

  it('refuses an id that is not a positive whole number before reading', async () => {
    const { p, handler } = setup();
    const find = jest.spyOn(p.repository, 'findById');
    for (const kitId of ['abc', 0, -1, 1.5])
      expect(await refusal(handler.execute({ actor: owner, kitId }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        errors: ['Kit id must be a positive whole number'],
      });
    expect(find).not.toHaveBeenCalled();
  });
});
