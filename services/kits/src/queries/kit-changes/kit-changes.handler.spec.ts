import type { KitChangesRequest, KitChangesResponse } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts } from '../../../test/handler-doubles';
import { KitChangesHandler, MAX_FEED_PAGE } from './kit-changes.handler';

describe(KitChangesHandler.name, () => {
  /** Kits at revisions 10, 20 and 30; kit 4 deleted at revision 25. */
  const setup = (kits = [storedKit(1, { revision: 10, cabinetCode: '1234' }), storedKit(2, { revision: 30 }), storedKit(3, { revision: 20 })]) => {
    const p = kitPorts(kits);
    p.tombstones.push({ revision: 25, kitId: 4 });
    const handler = new KitChangesHandler(p.repository);
    const read = async (req: Partial<KitChangesRequest>) => JSON.parse((await handler.execute(req as KitChangesRequest)).json) as KitChangesResponse;
    return { p, read };
  };

  it('answers rows and tombstones after a revision, in revision order, with the head revision', async () => {
    const { read } = setup();
    const page = await read({ afterRevision: 0 });
    expect(page).toMatchObject({ lastRevision: 30, hasMore: false, headRevision: 30 });
    expect(page.changes.map((c) => [c.revision, c.kitId, c.kit ? c.kit.id : null])).toEqual([
      [10, 1, 1],
      [20, 3, 3],
      [25, 4, null],
      [30, 2, 2],
    ]);
  });

  it("carries the owner's view of a kit with only the presence of a cabinet code", async () => {
    const { read } = setup();
    const [first] = (await read({ afterRevision: 0, limit: 1 })).changes;
    expect(first.kit).toMatchObject({ id: 1, hasCabinetCode: true, deploymentHistory: [], verificationStatus: expect.any(String) });
    expect(first.kit).not.toHaveProperty('cabinetCode');
    expect(first.kit).not.toHaveProperty('ownerId');
  });

  it('pages up to the limit and to upToRevision, saying there is more while a full page stays below the bound', async () => {
    const { read } = setup();
    expect(await read({ afterRevision: 0, limit: 2 })).toMatchObject({ lastRevision: 20, hasMore: true });
    expect(await read({ afterRevision: 0, limit: 2, upToRevision: 20 })).toMatchObject({ lastRevision: 20, hasMore: false, headRevision: 30 });
    expect(await read({ afterRevision: 30 })).toEqual({ changes: [], lastRevision: 30, hasMore: false, headRevision: 30 });
  });

  it('keeps the window safe: a bad position reads from the start, a missing, bad or large limit is MAX_FEED_PAGE, a fraction is rounded down to at least 1', async () => {
    const { p, read } = setup();
    await read({ afterRevision: 'x' as never, limit: 'y' as never });
    await read({ afterRevision: -5, limit: MAX_FEED_PAGE * 10, upToRevision: 'z' as never });
    await read({ afterRevision: 7.9, limit: 0.5, upToRevision: 28.6 });
    expect(p.reads).toEqual([
      { read: 'changes', after: 0, limit: MAX_FEED_PAGE, upTo: Infinity },
      { read: 'changes', after: 0, limit: MAX_FEED_PAGE, upTo: Infinity },
      { read: 'changes', after: 7, limit: 1, upTo: 28 },
    ]);
  });

  it('ends a page early at the byte budget, always with at least one change', async () => {
    const big = 'N'.repeat(300_000);
    const { read } = setup([1, 2, 3].map((id) => storedKit(id, { revision: id, locationName: big })));
    const page = await read({ afterRevision: 0 });
    expect(page.changes.map((c) => c.revision)).toEqual([1, 2]);
    expect(page).toMatchObject({ lastRevision: 2, hasMore: true });
    const { read: readHuge } = setup([storedKit(1, { revision: 1, locationName: 'N'.repeat(900_000) })]);
    expect((await readHuge({ afterRevision: 0 })).changes).toHaveLength(1);
  });
});
