import { ErrorCode } from '@bleedkits/contracts';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { ChangeKitStatusHandler } from './change-kit-status.handler';

describe(ChangeKitStatusHandler.name, () => {
  const admin = someone('admin');
  const setup = () => {
    const p = kitPorts([
      { id: 1, status: 'pending' },
      { id: 2, status: 'rejected' },
    ]);
    return { p, handler: new ChangeKitStatusHandler(p.repository, p.views, p.publisher, p.audit) };
  };

  it('approves a pending kit (stamping approvedAt), reactivates a rejected one, and hints each revision', async () => {
    const { p, handler } = setup();
    expect((await handler.execute('approve', { actor: admin, kitId: 1 })).status).toBe('active');
    expect(p.store.get(1)!.approvedAt).toEqual(expect.any(String));
    expect((await handler.execute('reactivate', { actor: admin, kitId: 'BCK-2' })).status).toBe('active');
    expect(p.hints).toEqual([p.store.get(1)!.revision, p.store.get(2)!.revision]);
  });

  it('records who approved, on the kit and in the audit trail, and a rejection as one entry with the status before and after', async () => {
    const { p, handler } = setup();
    await handler.execute('approve', { actor: admin, kitId: 1 });
    expect(p.store.get(1)!).toMatchObject({ approvedBy: admin.id });
    await handler.execute('reactivate', { actor: admin, kitId: 2 });
    const q = kitPorts([{ id: 3, status: 'pending' }]);
    await new ChangeKitStatusHandler(q.repository, q.views, q.publisher, q.audit).execute('reject', { actor: admin, kitId: 3 });
    expect(p.audited).toEqual([
      expect.objectContaining({ actor: admin, action: 'kit.approved', target: expect.objectContaining({ type: 'kit', id: 1 }) }),
      expect.objectContaining({ action: 'kit.approved', before: { status: 'rejected' }, after: { status: 'active' } }),
    ]);
    expect(q.audited).toEqual([expect.objectContaining({ action: 'kit.rejected', before: { status: 'pending' }, after: { status: 'rejected' } })]);
  });

  it('refuses a transition from the wrong status (409), a missing kit, and anyone but an admin', async () => {
    const { p, handler } = setup();
    expect((await refusal(handler.execute('reactivate', { actor: admin, kitId: 1 }))).code).toBe(ErrorCode.Conflict);
    expect((await refusal(handler.execute('approve', { actor: admin, kitId: 2 }))).code).toBe(ErrorCode.Conflict);
    expect((await refusal(handler.execute('reject', { actor: admin, kitId: 77 }))).code).toBe(ErrorCode.NotFound);
    expect((await refusal(handler.execute('approve', { actor: someone(), kitId: 1 }))).code).toBe(ErrorCode.Forbidden);
    expect(p.store.get(1)!.status).toBe('pending');
    expect(p.hints).toEqual([]);
    expect(p.audited).toEqual([]);
  });
});
