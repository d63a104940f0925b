import { ErrorCode, VerificationMessages, type VerifyKitChecklist } from '@bleedkits/contracts';
import { storedKit, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { VerifyKitHandler } from './verify-kit.handler';

describe(VerifyKitHandler.name, () => {
  const owner = someone();
  const admin = someone('admin');
  const passed: VerifyKitChecklist = { cabinetAccessible: true, kitPresent: true, sealIntact: true };
  const setup = () => {
    const p = writableKitPorts([
      storedKit(1, { ownerId: owner.id, status: 'active', tourniquetExpiry: '2026-05-01', dressingsExpiry: '2026-06-01' }),
      storedKit(2, { ownerId: owner.id, status: 'active', deploymentStatus: 'deployed', deploymentNotes: 'Used' }),
      storedKit(3, { ownerId: 'someone-else', status: 'active' }),
    ]);
    return { p, handler: new VerifyKitHandler(p.repository, p.views, p.publisher) };
  };
  /** The handler reads the clock itself: the checks below happen at a chosen instant. */
  const at = (iso: string) => {
    jest.useFakeTimers({ now: new Date(iso), doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  };
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the owner’s check with who and when: verified now, next due six months on, one hint', async () => {
    at('2025-01-15T10:00:00.000Z');
    const { p, handler } = setup();
    const kit = await handler.execute({
      actor: owner,
      kitId: 'BCK-1',
      checklist: { ...passed, tourniquetExpiry: '2027-01-31', notes: '  all good ' },
    });
    expect(kit).toMatchObject({ lastVerifiedAt: '2025-01-15T10:00:00.000Z', nextVerificationDue: '2025-07-15' });
    expect(p.checks).toEqual([
      {
        kitId: 1,
        id: 1,
        checkedAt: '2025-01-15T10:00:00.000Z',
        checkedBy: owner.id,
        checkedByEmail: owner.email,
        cabinetAccessible: true,
        kitPresent: true,
        sealIntact: true,
        tourniquetExpiry: '2027-01-31',
        dressingsExpiry: null,
        notes: 'all good',
        passed: true,
      },
    ]);
    // A consumable not given at this check keeps the expiry recorded before.
    expect(p.store.get(1)).toMatchObject({ tourniquetExpiry: '2027-01-31', dressingsExpiry: '2026-06-01' });
    expect(p.hints).toEqual([kit.revision]);
  });

  it.each([
    ['31 August is due on 28 February', '2025-08-31T10:00:00.000Z', '2026-02-28'],
    ['31 August before a leap year is due on 29 February', '2027-08-31T10:00:00.000Z', '2028-02-29'],
    ['29 February keeps the 29th six months on', '2028-02-29T12:00:00.000Z', '2028-08-29'],
    ['23:30 UTC on 31 March 2026 is 1 April in London', '2026-03-31T23:30:00.000Z', '2026-10-01'],
  ])('clamps the due date to the month: %s', async (_, now, due) => {
    at(now);
    const { p, handler } = setup();
    expect((await handler.execute({ actor: owner, kitId: 1, checklist: passed })).nextVerificationDue).toBe(due);
    expect(p.store.get(1)!.lastVerifiedAt).toBe(now);
  });

  it('sets Needs Verification with the failed items as the note when an item fails, and keeps the change', async () => {
    const { p, handler } = setup();
    const kit = await handler.execute({
      actor: owner,
      kitId: 1,
      checklist: { cabinetAccessible: true, kitPresent: false, sealIntact: false, notes: 'cabinet empty' },
    });
    const note = 'Verification check failed: kit missing, seal broken. Notes: cabinet empty';
    expect(kit).toMatchObject({ deploymentStatus: 'unchecked', deploymentNotes: note });
    expect(p.deploymentChanges).toEqual([{ kitId: 1, status: 'unchecked', notes: note, changedBy: owner.id }]);
    expect(p.checks[0]).toMatchObject({ passed: false, kitPresent: false, sealIntact: false });
    await handler.execute({ actor: owner, kitId: 1, checklist: { ...passed, cabinetAccessible: false } });
    expect(p.store.get(1)!.deploymentNotes).toBe('Verification check failed: not accessible.');
  });

  it('makes a deployed or unchecked kit available again when a check passes, and leaves an available kit alone', async () => {
    const { p, handler } = setup();
    expect((await handler.execute({ actor: owner, kitId: 2, checklist: { ...passed, notes: 'restocked' } })).deploymentStatus).toBe('available');
    expect(p.deploymentChanges).toEqual([{ kitId: 2, status: 'available', notes: 'restocked', changedBy: owner.id }]);
    expect(p.store.get(2)!.deploymentNotes).toBe('restocked');
    await handler.execute({ actor: owner, kitId: 1, checklist: passed });
    expect(p.deploymentChanges).toHaveLength(1);
    expect(p.updates.at(-1)!.patch).not.toHaveProperty('deploymentStatus');
  });

  it("lets an admin verify anyone's kit; a stranger is told it does not exist and nothing is kept", async () => {
    const { p, handler } = setup();
    const stranger = await refusal(handler.execute({ actor: owner, kitId: 3, checklist: passed }));
    expect(stranger).toEqual(await refusal(handler.execute({ actor: owner, kitId: 4, checklist: passed })));
    expect(stranger.code).toBe(ErrorCode.NotFound);
    expect(p.checks).toEqual([]);
    expect(p.hints).toEqual([]);
    await handler.execute({ actor: admin, kitId: 3, checklist: passed });
    expect(p.checks).toEqual([expect.objectContaining({ kitId: 3, checkedBy: admin.id, checkedByEmail: admin.email })]);
  });

  it('refuses a checklist that is not answered, with every message at once, before any write', async () => {
    const { p, handler } = setup();
    const body = await refusal(
      handler.execute({
        actor: owner,
        kitId: 1,
        checklist: { cabinetAccessible: 'yes', kitPresent: true, sealIntact: true, tourniquetExpiry: '31/01/2027' } as unknown as VerifyKitChecklist,
      }),
    );
    expect(body).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [VerificationMessages.checklistBoolean, VerificationMessages.expiryDate],
    });
    const none = await refusal(handler.execute({ actor: owner, kitId: 1, checklist: undefined as unknown as VerifyKitChecklist }));
    expect(none.errors).toEqual([VerificationMessages.checklistBoolean]);
    expect((await refusal(handler.execute({ actor: owner, kitId: 'nope', checklist: passed }))).code).toBe(ErrorCode.ValidationFailed);
    expect(p.checks).toEqual([]);
  });
});
