import { ErrorCode, KitMessages } from '@bleedkits/contracts';
import { storedKit } from '../../../test/command-doubles';
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

  describe('changeTo (the legacy target status)', () => {
    const setupTo = () => {
      const p = kitPorts([
        storedKit(1, { status: 'pending', nextVerificationDue: '2020-01-01' }),
        storedKit(2, { status: 'rejected' }),
        storedKit(3, { status: 'pending' }),
      ]);
      return { p, handler: new ChangeKitStatusHandler(p.repository, p.views, p.publisher, p.audit) };
    };

    it('picks approve, reactivate or reject from the current status, and answers the message with the admin view', async () => {
      const { p, handler } = setupTo();
      const approved = await handler.changeTo({ actor: admin, kitId: 1, status: 'active' });
      expect(approved).toMatchObject({ message: 'Kit approved', kit: { id: 1, status: 'active', isOverdue: true } });
      expect(await handler.changeTo({ actor: admin, kitId: 'BCK-2', status: 'active' })).toMatchObject({
        message: 'Kit reactivated',
        kit: { id: 2, status: 'active', isOverdue: false },
      });
      expect(await handler.changeTo({ actor: admin, kitId: 3, status: 'rejected' })).toMatchObject({
        message: 'Kit rejected',
        kit: { status: 'rejected' },
      });
      expect(p.audited.map((e) => e.action)).toEqual(['kit.approved', 'kit.approved', 'kit.rejected']);
      expect(p.hints).toHaveLength(3);
    });

    it('refuses a target other than active or rejected, and a rejection of a kit that is not pending (409)', async () => {
      const { p, handler } = setupTo();
      expect(await refusal(handler.changeTo({ actor: admin, kitId: 1, status: 'pending' }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        errors: ['status must be active or rejected'],
      });
      expect(await refusal(handler.changeTo({ actor: admin, kitId: 2, status: 'rejected' }))).toMatchObject({
        code: ErrorCode.Conflict,
        message: 'Only a pending kit can be rejected; this kit is rejected.',
      });
      expect(p.hints).toEqual([]);
    });

    it('refuses anyone but an admin before looking the kit up (a missing and an existing kit alike), changing nothing', async () => {
      const { p, handler } = setupTo();
      for (const kitId of [99, 1])
        expect(await refusal(handler.changeTo({ actor: someone(), kitId, status: 'active' }))).toEqual({
          code: ErrorCode.Forbidden,
          message: 'Admin access is required.',
        });
      expect(await refusal(handler.changeTo({ actor: admin, kitId: 99, status: 'active' }))).toEqual({
        code: ErrorCode.NotFound,
        message: KitMessages.notFound,
      });
      expect((await refusal(handler.changeTo({ actor: admin, kitId: 'nonsense', status: 'active' }))).code).toBe(ErrorCode.ValidationFailed);
      expect(p.store.get(1)!.status).toBe('pending');
      expect(p.audited).toEqual([]);
    });
  });
});
