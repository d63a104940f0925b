import { AvailabilityMessages, ErrorCode, KIT_STATUSES, KitMessages, type KitEditRequest, defaultAvailability } from '@bleedkits/contracts';
import { FIXTURE_MAKE, manufacturers, storedKit, writableKitPorts } from '../../../test/command-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { EditKitHandler } from './edit-kit.handler';

describe(EditKitHandler.name, () => {
  const owner = someone();
  const admin = someone('admin');
  const approvedAt = '2025-02-01T09:00:00.000Z';
  const setup = (makes = manufacturers()) => {
    const p = writableKitPorts([
      storedKit(1, { ownerId: owner.id, status: 'pending' }),
      storedKit(2, { ownerId: owner.id, status: 'active', manuallyChecked: true, approvedAt }),
      storedKit(3, { ownerId: 'someone-else' }),
    ]);
    const handler = new EditKitHandler(p.repository, makes, p.views, p.publisher, p.audit);
    const edit = (actor: typeof owner, kitId: number | string, data: KitEditRequest['data'], revision?: number) =>
      handler.execute({ actor, kitId, data, revision });
    return { p, edit };
  };

  it('lets the owner edit their own kit, with a new revision and one hint, keeping owner, status and checks', async () => {
    const { p, edit } = setup();
    const saved = await edit(owner, 'BCK-2', { custodianName: '  Sam Keeper ', custodianPhone: '0161 000 1234' });
    expect(saved).toMatchObject({ custodianName: 'Sam Keeper', custodianPhone: '0161 000 1234', userId: owner.id, status: 'active' });
    expect(p.store.get(2)).toMatchObject({ ownerId: owner.id, status: 'active', manuallyChecked: true, approvedAt });
    expect(p.updates[0].patch).not.toHaveProperty('ownerId');
    expect(p.hints).toEqual([saved.revision]);
  });

  it('records the edit in the audit trail with the kit before and after, and who approved in an edit', async () => {
    const { p, edit } = setup();
    await edit(admin, 1, { locationName: 'Town Hall', status: 'active' });
    expect(p.store.get(1)).toMatchObject({ approvedBy: admin.id });
    expect(p.audited).toEqual([
      expect.objectContaining({
        actor: admin,
        action: 'kit.edited',
        target: expect.objectContaining({ type: 'kit', id: 1 }),
        before: expect.objectContaining({ locationName: 'Village Hall', status: 'pending' }),
        after: expect.objectContaining({ locationName: 'Town Hall', status: 'active' }),
      }),
    ]);
  });

  it("answers a stranger exactly as a missing kit, changing nothing; an admin edits anyone's kit", async () => {
    const { p, edit } = setup();
    const stranger = await refusal(edit(owner, 3, { locationName: 'Mine now' }));
    const missing = await refusal(edit(owner, 99, { locationName: 'Mine now' }));
    expect(stranger).toEqual(missing);
    expect(stranger).toEqual({ code: ErrorCode.NotFound, message: KitMessages.notFound });
    expect(p.store.get(3)!.locationName).toBe('Village Hall');
    expect(p.hints).toEqual([]);
    expect((await edit(admin, 3, { locationName: 'Town Hall' })).locationName).toBe('Town Hall');
    expect(p.store.get(3)!.ownerId).toBe('someone-else');
  });

  it('keeps manually checked, status and owner for admins: an owner changing any of them is refused', async () => {
    const { p, edit } = setup();
    for (const data of [{ manuallyChecked: true }, { status: 'active' as const }, { userId: someone().id }, { userId: null }]) {
      expect({ data, body: await refusal(edit(owner, 1, data)) }).toEqual({
        data,
        body: { code: ErrorCode.Forbidden, message: KitMessages.adminOnlyField },
      });
    }
    expect(p.store.get(1)).toMatchObject({ ownerId: owner.id, status: 'pending', manuallyChecked: false });
    // Sending the values the kit already has is no change (a form posts every field back).
    expect((await edit(owner, 1, { status: 'pending', manuallyChecked: false, userId: owner.id, city: 'Hale' })).city).toBe('Hale');
  });

  it('lets an admin approve, check and reassign in an edit, stamping the approval', async () => {
    const { p, edit } = setup();
    const newOwner = someone().id;
    const saved = await edit(admin, 1, { status: 'active', manuallyChecked: true, userId: newOwner });
    expect(saved).toMatchObject({ status: 'active', manuallyChecked: true, userId: newOwner, approvedAt: expect.any(String) });
    expect(Date.now() - Date.parse(saved.approvedAt!)).toBeLessThan(60_000);
    await edit(admin, 1, { userId: '' });
    expect(p.store.get(1)!.ownerId).toBeNull();
    const bad = await refusal(edit(admin, 1, { status: 'archived' as never }));
    expect(bad).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [`Status must be one of: ${KIT_STATUSES.join(', ')}.`] });
  });

  it('answers 409 to a save from an older copy; the current revision, or none, is accepted', async () => {
    const { p, edit } = setup();
    const first = await edit(owner, 1, { detailedLocation: 'Inside the porch' }, 1);
    expect(await refusal(edit(owner, 1, { detailedLocation: 'Old text from another tab' }, 1))).toEqual({
      code: ErrorCode.Conflict,
      message: KitMessages.staleEdit,
    });
    expect(p.store.get(1)!.detailedLocation).toBe('Inside the porch');
    expect((await edit(owner, 1, { detailedLocation: 'Porch, left' }, first.revision)).detailedLocation).toBe('Porch, left');
    expect((await edit(owner, 1, { detailedLocation: 'Porch, right' })).detailedLocation).toBe('Porch, right');
    expect(p.hints).toHaveLength(3);
  });

  it('sends an approved kit back for approval when its owner changes what the public map shows, not for private changes or an admin', async () => {
    const { p, edit } = setup();
    const publicEdit = await edit(owner, 2, { locationName: 'SCAM: call 0909 000 0000' });
    expect(publicEdit).toMatchObject({ status: 'pending', manuallyChecked: false, approvedAt: null });

    const again = setup();
    await again.edit(owner, 2, { expiryDate: '2029-01-10', latitude: 53.3841 });
    expect(again.p.store.get(2)).toMatchObject({ status: 'active', approvedAt });
    await again.edit(admin, 2, { locationName: 'Village Hall (rear)' });
    expect(again.p.store.get(2)).toMatchObject({ status: 'active', approvedAt, locationName: 'Village Hall (rear)' });
    expect(p.store.get(2)!.status).toBe('pending');
  });

  it('sends an approved kit back for approval when its owner changes its schedule, typed hours or ambulance service', async () => {
    const schedule = { ...defaultAvailability(), saturday: { isOpen: true, openTime: '08:00', closeTime: '12:00' } };
    for (const data of [
      { availability: JSON.stringify(schedule) },
      { availability: '', openingHours: 'Ask at reception' },
      { ambulanceService: 'london' },
    ]) {
      const { p, edit } = setup();
      const saved = await edit(owner, 2, data);
      expect({ data, saved: { status: saved.status, approvedAt: saved.approvedAt } }).toEqual({
        data,
        saved: { status: 'pending', approvedAt: null },
      });
      expect(p.store.get(2)).toMatchObject({ status: 'pending', manuallyChecked: false });
    }
    // The same schedule sent back unchanged (a form posts every field) is no change.
    const same = setup();
    await same.edit(owner, 2, { availability: same.p.store.get(2)!.availability ?? undefined, custodianName: 'Sam Keeper' });
    expect(same.p.store.get(2)).toMatchObject({ status: 'active', approvedAt });
  });

  it('refuses a malformed schedule naming the day and field, changing nothing', async () => {
    const { p, edit } = setup();
    const bad = JSON.stringify({ monday: { open: true, startTime: { toString: 1 } } });
    expect(await refusal(edit(owner, 2, { availability: bad }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: AvailabilityMessages.dayTime('monday', 'startTime'),
      errors: [AvailabilityMessages.dayTime('monday', 'startTime')],
    });
    expect(p.store.get(2)).toMatchObject({ status: 'active', approvedAt });
    expect(p.hints).toEqual([]);
  });

  it('runs the registration rules on the merged kit, and keeps a make since removed from the list valid on its kit', async () => {
    const { p, edit } = setup(manufacturers(['other']));
    expect((await refusal(edit(owner, 1, { custodianEmail: 'nope', postcode: '' }))).errors).toEqual([
      KitMessages.postcode,
      KitMessages.custodianEmail,
    ]);
    expect((await refusal(edit(owner, 1, { manuallyChecked: 'yes' as never }))).errors).toEqual([KitMessages.manuallyChecked]);
    expect((await refusal(edit(owner, 1, { make: 'acme' }))).errors).toEqual([KitMessages.make]);
    expect((await edit(owner, 1, { city: 'Hale' })).make).toBe(FIXTURE_MAKE);
    expect((await edit(owner, 1, { make: 'other', otherMake: 'Acme' })).make).toBe('other');
    expect(p.hints).toHaveLength(2);
  });

  it('refuses a malformed id, revision or data before touching the kit', async () => {
    const { p, edit } = setup();
    expect((await refusal(edit(owner, 'x', {}))).errors).toEqual(['Kit id must be a positive whole number']);
    expect((await refusal(edit(owner, 1, {}, 1.5))).errors).toEqual(['revision must be a whole number']);
    expect((await refusal(edit(owner, 1, ['city'] as never))).errors).toEqual(['data must be an object of kit fields']);
    expect((await refusal(edit(owner, 1, { userId: 7 as never }))).errors).toEqual(['userId must be a user id']);
    expect(p.updates).toEqual([]);
  });
});
