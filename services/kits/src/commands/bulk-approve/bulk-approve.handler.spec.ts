import { ErrorCode } from '@bleedkits/contracts';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { BulkApproveHandler, MAX_BULK_APPROVE } from './bulk-approve.handler';

describe(BulkApproveHandler.name, () => {
  const admin = someone('admin');
  const setup = () => {
    const p = kitPorts([
      { id: 1, status: 'pending' },
      { id: 2, status: 'pending' },
      { id: 3, status: 'active' },
    ]);
    return { p, handler: new BulkApproveHandler(p.repository, p.publisher, p.audit) };
  };

  it('approves the pending kits among the ids, each with its own revision, and reports the others', async () => {
    const { p, handler } = setup();
    const result = await handler.execute({ actor: admin, kitIds: ['BCK-1', 2, 3, 99, 2] });
    expect(result).toMatchObject({ approved: 2, approvedIds: [1, 2], notPending: [3], notFound: [99] });
    expect(result.message).toBe('2 kits approved successfully. 2 not approved (not pending or not found).');
    expect(p.store.get(1)!.status).toBe('active');
    expect(p.store.get(1)!.approvedAt).toEqual(expect.any(String));
    expect(p.store.get(1)!.revision).not.toBe(p.store.get(2)!.revision);
    expect(p.hints).toEqual([Math.max(p.store.get(1)!.revision, p.store.get(2)!.revision)]);
    expect(p.store.get(1)!).toMatchObject({ approvedBy: admin.id });
    expect(p.audited.map((e) => [e.action, e.target.id, e.before, e.after, e.actor])).toEqual([
      ['kit.approved', 1, { status: 'pending' }, { status: 'active' }, admin],
      ['kit.approved', 2, { status: 'pending' }, { status: 'active' }, admin],
    ]);
  });

  it('refuses an empty or oversized list, a malformed id and a non-admin, sending no hint', async () => {
    const { p, handler } = setup();
    expect((await refusal(handler.execute({ actor: admin, kitIds: [] }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(handler.execute({ actor: admin, kitIds: 'x' as unknown as unknown[] }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(handler.execute({ actor: admin, kitIds: Array.from({ length: MAX_BULK_APPROVE + 1 }, (_, i) => i + 1) }))).code).toBe(
      ErrorCode.ValidationFailed,
    );
    expect((await refusal(handler.execute({ actor: admin, kitIds: ['abc'] }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(handler.execute({ actor: someone(), kitIds: [1] }))).code).toBe(ErrorCode.Forbidden);
    expect(p.hints).toEqual([]);
  });
});
