import { ErrorCode, LIST_PART_LIMIT, type AdminKit, type ListPart } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { AdminKitsHandler } from './admin-kits.handler';

describe(AdminKitsHandler.name, () => {
  const admin = someone('admin');
  const setup = () => {
    const p = kitPorts([
      storedKit(1, { status: 'active', ownerId: someone().id, nextVerificationDue: '2020-01-01' }),
      storedKit(2, { status: 'pending', nextVerificationDue: '2999-01-01' }),
      storedKit(3, { status: 'rejected' }),
      storedKit(4, { status: 'pending' }),
    ]);
    const handler = new AdminKitsHandler(p.repository, p.views);
    const list = async (req: Parameters<AdminKitsHandler['execute']>[0]) =>
      JSON.parse((await handler.execute(req)).json) as ListPart<AdminKit, number>;
    return { p, handler, list };
  };

  it('answers an admin every kit, newest first, each saying whether its verification is overdue', async () => {
    const { list } = setup();
    const part = await list({ actor: admin });
    expect(part).toMatchObject({ next: 1, hasMore: false });
    expect(part.items.map((k) => [k.id, k.isOverdue])).toEqual([
      [4, false],
      [3, false],
      [2, false],
      [1, true],
    ]);
  });

  it('filters by a known status, and lists every kit for a status it does not know', async () => {
    const { p, list } = setup();
    expect((await list({ actor: admin, status: 'pending' })).items.map((k) => k.id)).toEqual([4, 2]);
    expect((await list({ actor: admin, status: 'archived' })).items).toHaveLength(4);
    expect(p.reads.map((r) => r.filter)).toEqual([{ status: 'pending' }, { status: undefined }]);
  });

  it('pages after the last id sent with the limit kept within 1..LIST_PART_LIMIT', async () => {
    const { p, list } = setup();
    const first = await list({ actor: admin, limit: 3 });
    expect(first).toMatchObject({ next: 2, hasMore: true });
    expect((await list({ actor: admin, after: first.next, limit: 3 })).items.map((k) => k.id)).toEqual([1]);
    await list({ actor: admin, limit: LIST_PART_LIMIT + 1 });
    expect(p.reads.map((r) => r.limit)).toEqual([3, 3, LIST_PART_LIMIT]);
  });

  it('refuses anyone but an admin (and a request without an actor) before reading', async () => {
    const { p, handler } = setup();
    for (const actor of [someone(), undefined])
      expect(await refusal(handler.execute({ actor: actor as never }))).toEqual({ code: ErrorCode.Forbidden, message: 'Admin access is required.' });
    expect(p.reads).toEqual([]);
  });
});
