import { ErrorCode, type KitChangesResponse, VerificationMessages, type VerifyKitChecklist, dueAfterCheck, londonToday } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';

describe('the custodian check and the bulk due-date update (kits over NATS, real Postgres)', () => {
  let h: KitsHarness;
  const owner = actor('user');
  const admin = actor('admin');
  const stranger = actor('user');
  const passed = { cabinetAccessible: true, kitPresent: true, sealIntact: true };

  const register = async (serialNumber: string) => {
    const kit = await h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit({ serialNumber }) });
    await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    return kit;
  };
  const verify = (kitId: number, checklist: object, who = owner) =>
    h.bus.request(KitsSubjects.verify, { actor: who, kitId, checklist: checklist as VerifyKitChecklist });
  const feedRecord = async (kitId: number) => {
    let page = await h.bus.request(KitsSubjects.changes, { afterRevision: 0, limit: 1000 });
    const seen = new Map<number, KitChangesResponse['changes'][number]>();
    for (;;) {
      for (const c of page.changes) seen.set(c.kitId, c);
      if (!page.hasMore) break;
      page = await h.bus.request(KitsSubjects.changes, { afterRevision: page.lastRevision, limit: 1000 });
    }
    return seen.get(kitId)!;
  };

  beforeAll(async () => {
    h = await startKits();
  });
  afterAll(async () => h?.close());

  it('records the owner’s check with who and when, verified now and next due six months on', async () => {
    const kit = await register('VERIFY-1');
    const before = await feedRecord(kit.id);
    const checked = await verify(kit.id, { ...passed, tourniquetExpiry: '2027-01-31', notes: '  all good ' });
    expect(checked.lastVerifiedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(checked.lastVerifiedAt!)).toBeLessThan(60_000);
    expect(checked.nextVerificationDue).toBe(dueAfterCheck(new Date()));
    expect(checked.verificationStatus).toBe('verified');
    expect(checked.tourniquetExpiry).toBe('2027-01-31');
    expect(checked.deploymentStatus).toBe('available');
    expect(checked.verificationChecks).toEqual([
      expect.objectContaining({
        checkedBy: owner.id,
        checkedByEmail: owner.email,
        passed: true,
        notes: 'all good',
        tourniquetExpiry: '2027-01-31',
        dressingsExpiry: null,
      }),
    ]);
    const after = await feedRecord(kit.id);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.kit).toMatchObject({
      lastVerifiedAt: checked.lastVerifiedAt,
      nextVerificationDue: checked.nextVerificationDue,
      verificationStatus: 'verified',
    });
  });

  it('lets an admin verify any kit, and tells anyone else the kit does not exist', async () => {
    const kit = await register('VERIFY-2');
    const err = await rejection(verify(kit.id, passed, stranger));
    expect(err.body.code).toBe(ErrorCode.NotFound);
    const byAdmin = await verify(kit.id, passed, admin);
    expect(byAdmin.verificationChecks?.[0]).toMatchObject({ checkedBy: admin.id, checkedByEmail: admin.email });
  });

  it('sets Needs Verification with the checklist as the note when an item fails, and available again when a check passes', async () => {
    const kit = await register('VERIFY-3');
    const failed = await verify(kit.id, { cabinetAccessible: true, kitPresent: false, sealIntact: false, notes: 'cabinet empty' });
    expect(failed.deploymentStatus).toBe('unchecked');
    expect(failed.deploymentNotes).toBe('Verification check failed: kit missing, seal broken. Notes: cabinet empty');
    expect(failed.deploymentHistory.at(-1)).toMatchObject({ status: 'unchecked', changedBy: owner.id });
    expect(failed.deploymentChangedAt).toEqual(expect.any(String));
    expect(failed.verificationChecks?.[0]).toMatchObject({ passed: false, kitPresent: false });
    const page = await h.bus.request(KitsSubjects.publicChanges, { afterRevision: 0, limit: 5000 });
    const listing = page.changes.filter((c) => c.kitId === kit.id).at(-1)!;
    expect(listing.kit?.deploymentStatus).toBe('unchecked');
    expect(listing.verificationDue).toBe(failed.nextVerificationDue);

    const restored = await verify(kit.id, passed);
    expect(restored.deploymentStatus).toBe('available');
    expect(restored.verificationChecks?.map((c) => c.passed)).toEqual([true, false]);
  });

  it('refuses a checklist that is not answered, with every message at once', async () => {
    const kit = await register('VERIFY-4');
    const err = await rejection(verify(kit.id, { cabinetAccessible: 'yes', kitPresent: true, sealIntact: true, tourniquetExpiry: '31/01/2027' }));
    expect(err.body.code).toBe(ErrorCode.ValidationFailed);
    expect(err.body.errors).toEqual([VerificationMessages.checklistBoolean, VerificationMessages.expiryDate]);
  });

  it('sets every active kit’s due date through the feed (admin only), until the next check', async () => {
    const kit = await register('VERIFY-5');
    const pending = await h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit({ serialNumber: 'VERIFY-PENDING' }) });
    expect((await rejection(h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: owner, dueDate: '2025-12-31' }))).body.code).toBe(
      ErrorCode.Forbidden,
    );
    expect((await rejection(h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: admin, dueDate: '2025-13-01' }))).body.errors).toEqual([
      VerificationMessages.dueDateRequired,
    ]);

    const res = await h.bus.request(KitsSubjects.bulkUpdateVerificationDates, { actor: admin, dueDate: '2025-12-31' });
    expect(res.updatedCount).toBe(5); // the five approved kits of this file
    const overdue = await feedRecord(kit.id);
    expect(overdue.kit).toMatchObject({ nextVerificationDue: '2025-12-31', verificationStatus: 'overdue' });
    expect((await feedRecord(pending.id)).kit?.nextVerificationDue).not.toBe('2025-12-31');

    const checked = await verify(kit.id, passed);
    expect(checked.nextVerificationDue! > londonToday()).toBe(true);
    expect(checked.verificationStatus).toBe('verified');
  });
});
