import { type KitChangesRequest, type PublicKitChangesResponse, PUBLIC_KIT_FIELDS } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts } from '../../../test/handler-doubles';
import { MAX_PUBLIC_FEED_PAGE, PublicKitChangesHandler } from './public-kit-changes.handler';

describe(PublicKitChangesHandler.name, () => {
  /** Revision 10 public; 20 pending; 30 active but kept off the map; 40 deleted; 50 public and verified. */
  const setup = () => {
    const p = kitPorts([
      storedKit(1, { revision: 10, status: 'active', publicDisplay: true, cabinetCode: '1234', nextVerificationDue: '2020-01-01' }),
      storedKit(2, { revision: 20, status: 'pending', publicDisplay: true }),
      storedKit(3, { revision: 30, status: 'active', publicDisplay: false }),
      storedKit(5, {
        revision: 50,
        status: 'active',
        publicDisplay: true,
        lastVerifiedAt: '2025-06-01T10:00:00.000Z',
        nextVerificationDue: '2999-12-01',
      }),
    ]);
    p.tombstones.push({ revision: 40, kitId: 4 });
    const handler = new PublicKitChangesHandler(p.repository);
    const read = async (req: Partial<KitChangesRequest>) =>
      JSON.parse((await handler.execute(req as KitChangesRequest)).json) as PublicKitChangesResponse;
    return { p, read };
  };

  it('answers every revision in order; a kit that is not public, and a deleted one, as null', async () => {
    const { read } = setup();
    const page = await read({ afterRevision: 0 });
    expect(page).toMatchObject({ lastRevision: 50, hasMore: false, headRevision: 50 });
    expect(page.changes.map((c) => [c.revision, c.kitId, c.kit?.id ?? null])).toEqual([
      [10, 1, 1],
      [20, 2, null],
      [30, 3, null],
      [40, 4, null],
      [50, 5, 5],
    ]);
    expect(page.changes.filter((c) => !c.kit).every((c) => !('verificationDue' in c))).toBe(true);
  });

  it('gives a public kit only its public fields, its verification status and its due day beside it', async () => {
    const { read } = setup();
    const { changes } = await read({ afterRevision: 0 });
    const [overdue, verified] = [changes[0], changes[4]];
    expect(Object.keys(overdue.kit!).sort()).toEqual([...PUBLIC_KIT_FIELDS].sort());
    expect(JSON.stringify(overdue)).not.toMatch(/1234|jo@example|Jo Custodian/);
    expect(overdue).toMatchObject({ kit: { verificationStatus: 'overdue' }, verificationDue: '2020-01-01' });
    expect(verified).toMatchObject({ kit: { verificationStatus: 'verified' }, verificationDue: '2999-12-01' });
  });

  it('pages up to the limit and upToRevision, with the limit capped at MAX_PUBLIC_FEED_PAGE', async () => {
    const { p, read } = setup();
    expect(await read({ afterRevision: 0, limit: 2 })).toMatchObject({ lastRevision: 20, hasMore: true, headRevision: 50 });
    expect(await read({ afterRevision: 20, limit: 2, upToRevision: 40 })).toMatchObject({ lastRevision: 40, hasMore: false });
    await read({ afterRevision: -1, limit: MAX_PUBLIC_FEED_PAGE + 1 });
    expect(p.reads.at(-1)).toEqual({ read: 'publicChanges', after: 0, limit: MAX_PUBLIC_FEED_PAGE, upTo: Infinity });
  });
});
