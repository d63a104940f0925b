import { randomUUID } from 'node:crypto';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts } from '../../../test/handler-doubles';
import { CountByOwnerHandler } from './count-by-owner.handler';

describe(CountByOwnerHandler.name, () => {
  const [a, b, none] = [randomUUID(), randomUUID(), randomUUID()];
  const setup = () => {
    const p = kitPorts([
      storedKit(1, { ownerId: a }),
      storedKit(2, { ownerId: a }),
      storedKit(3, { ownerId: b }),
      storedKit(4, { ownerId: randomUUID() }),
    ]);
    return { p, handler: new CountByOwnerHandler(p.repository) };
  };

  it('counts the kits of each owner asked for; an owner with none is absent', async () => {
    const { handler } = setup();
    expect(await handler.execute({ ownerIds: [a, b, none] })).toEqual({ counts: { [a]: 2, [b]: 1 } });
  });

  it('asks only for ids shaped as UUIDs, and for none when the list is missing', async () => {
    const { p, handler } = setup();
    await handler.execute({ ownerIds: [a, 'not-a-uuid', 42 as never, `${b}'; --`, b.toUpperCase()] });
    expect(await handler.execute({} as never)).toEqual({ counts: {} });
    expect(await handler.execute(undefined as never)).toEqual({ counts: {} });
    expect(p.ownerCounts).toEqual([[a, b.toUpperCase()], [], []]);
  });
});
