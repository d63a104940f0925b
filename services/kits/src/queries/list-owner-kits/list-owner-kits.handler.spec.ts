import { LIST_PART_LIMIT, type ListPart, type Kit } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts, someone } from '../../../test/handler-doubles';
import { ListOwnerKitsHandler } from './list-owner-kits.handler';

describe(ListOwnerKitsHandler.name, () => {
  const owner = someone();
  const admin = someone('admin');
  /** The owner has kits 1, 3, 4 and 6; the admin has 5; 2 is someone else's. */
  const setup = () => {
    const p = kitPorts([
      storedKit(1, { ownerId: owner.id }),
      storedKit(2, { ownerId: someone().id }),
      storedKit(3, { ownerId: owner.id }),
      storedKit(4, { ownerId: owner.id, status: 'rejected' }),
      storedKit(5, { ownerId: admin.id }),
      storedKit(6, { ownerId: owner.id }),
    ]);
    const handler = new ListOwnerKitsHandler(p.repository, p.views);
    const list = async (req: Parameters<ListOwnerKitsHandler['execute']>[0]) =>
      JSON.parse((await handler.execute(req)).json) as ListPart<Kit, number>;
    return { p, list };
  };

  it("answers only the caller's own kits, newest first, whatever their status and even for an admin", async () => {
    const { list } = setup();
    expect((await list({ actor: owner })).items.map((k) => k.id)).toEqual([6, 4, 3, 1]);
    expect(await list({ actor: admin })).toMatchObject({ items: [{ id: 5, userId: admin.id }], next: 5, hasMore: false });
    expect(await list({ actor: someone() })).toEqual({ items: [], next: null, hasMore: false });
  });

  it('pages after the last id sent, saying there may be more while a part is full', async () => {
    const { list } = setup();
    const first = await list({ actor: owner, limit: 2 });
    expect(first).toMatchObject({ next: 4, hasMore: true });
    expect(first.items.map((k) => k.id)).toEqual([6, 4]);
    const second = await list({ actor: owner, after: first.next, limit: 2 });
    expect(second.items.map((k) => k.id)).toEqual([3, 1]);
    expect(second.hasMore).toBe(true);
    expect(await list({ actor: owner, after: second.next, limit: 2 })).toEqual({ items: [], next: 1, hasMore: false });
  });

  it('keeps the window safe: a bad position starts at the newest, a bad or large limit is the cap', async () => {
    const { p, list } = setup();
    await list({ actor: owner, after: 'x' as never, limit: 0 });
    await list({ actor: owner, after: -3, limit: LIST_PART_LIMIT * 10 });
    await list({ actor: owner, after: 5.7, limit: 2.9 });
    expect(p.reads).toEqual([
      { read: 'page', filter: { ownerId: owner.id }, after: null, limit: LIST_PART_LIMIT },
      { read: 'page', filter: { ownerId: owner.id }, after: null, limit: LIST_PART_LIMIT },
      { read: 'page', filter: { ownerId: owner.id }, after: 5, limit: 2 },
    ]);
  });
});
