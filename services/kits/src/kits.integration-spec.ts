import {
  AMBULANCE_SERVICES,
  ErrorCode,
  type Kit,
  PUBLIC_KIT_FIELDS,
  PRIVATE_KIT_FIELDS,
  KitMessages,
  type KitEditRequest,
  allDayAvailability,
  availabilityTransitions,
  defaultAvailability,
  toAdminShape,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type KitsHarness, actor, startKits, validKit } from '../test/kits-harness';

describe('kits over NATS with real Postgres', () => {
  let h: KitsHarness;
  const owner = actor('user');
  const admin = actor('admin');
  const stranger = actor('user');
  const register = (overrides = {}, who = owner) => h.bus.request(KitsSubjects.register, { actor: who, kit: validKit(overrides) });
  const changes = (afterRevision: number, limit = 1000) => h.bus.request(KitsSubjects.changes, { afterRevision, limit });
  const publicChanges = (afterRevision: number, limit = 5000) => h.bus.request(KitsSubjects.publicChanges, { afterRevision, limit });
  /** The head of the feed: page until nothing more. */
  const latestRevision = async () => {
    let page = await changes(0);
    while (page.hasMore) page = await changes(page.lastRevision);
    return page.lastRevision;
  };

  beforeAll(async () => {
    h = await startKits();
  });
  afterAll(async () => h?.close());

  describe('registration', () => {
    it('creates a pending kit owned by its registrant, postcode normalised, ambulance service detected', async () => {
      const kit = await register();
      expect(kit).toMatchObject({
        status: 'pending',
        userId: owner.id,
        userEmail: owner.email,
        postcode: 'WA15 8FH',
        ambulanceService: 'north_west',
        latitude: 53.384092,
        deploymentStatus: 'available',
        manuallyChecked: false,
      });
      expect(kit.id).toBeGreaterThan(0);
      expect(kit.nextVerificationDue).toEqual(expect.any(String));
    });

    it('reports every failed rule at once with the spec messages', async () => {
      const err = await rejection(
        h.bus.request(KitsSubjects.register, {
          actor: owner,
          kit: {
            serialNumber: 'x',
            make: '',
            locationType: '',
            locationName: 'a',
            addressLine1: '',
            city: 'b',
            postcode: 'c',
            purchaseDate: '',
            expiryDate: '1',
            custodianName: 'd',
            custodianPhone: '123',
            custodianEmail: 'nope',
          },
        }),
      );
      expect(err.body.code).toBe(ErrorCode.ValidationFailed);
      expect(err.body.errors).toEqual([
        KitMessages.serialNumber,
        KitMessages.make,
        KitMessages.locationType,
        KitMessages.locationName,
        KitMessages.addressLine1,
        KitMessages.city,
        KitMessages.postcode,
        KitMessages.purchaseDate,
        KitMessages.expiryDate,
        KitMessages.custodianName,
        KitMessages.custodianPhone,
        KitMessages.custodianEmail,
        KitMessages.location,
      ]);
    });

    it("refuses a missing map location with 'Please select a location on the map', and an unknown make", async () => {
      expect((await rejection(register({ latitude: '', longitude: 'abc' }))).body.errors).toEqual([KitMessages.location]);
      expect((await rejection(register({ make: 'acme_kits' }))).body.errors).toEqual([KitMessages.make]);
      expect((await rejection(register({ latitude: 95 }))).body.errors).toEqual([KitMessages.latitudeRange]);
    });

    it('detects the ambulance service for a postcode of every service, then city and address, else unknown', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ postcode: 'NG1 5FS' }, 'east_midlands'],
        [{ postcode: 'CB2 1TN' }, 'east_of_england'],
        [{ postcode: 'SW1A 1AA' }, 'london'],
        [{ postcode: 'NE1 7RU' }, 'north_east'],
        [{ postcode: 'M1 1AE' }, 'north_west'],
        [{ postcode: 'OX1 2JD' }, 'south_central'],
        [{ postcode: 'BN1 1AA' }, 'south_east_coast'],
        [{ postcode: 'EX1 1AA' }, 'south_western'],
        [{ postcode: 'B1 1AA' }, 'west_midlands'],
        [{ postcode: 'LS1 4AP' }, 'yorkshire'],
        [{ postcode: 'SY20 8AA' }, 'welsh'],
        [{ postcode: 'EH1 1YZ' }, 'scottish'],
        [{ postcode: 'BT1 5GS' }, 'northern_ireland'],
        [{ postcode: 'JE2 4UH' }, 'isle_of_man_guernsey_jersey'],
        [{ postcode: 'WZ1 1AA' }, 'london'],
        [{ postcode: 'QQ', city: 'Sheffield' }, 'yorkshire'],
        [{ postcode: 'QQ', city: 'Somewhere', addressLine1: '2 Quay St, Swansea' }, 'welsh'],
        [{ postcode: 'QQ', city: 'Nowhere', addressLine1: 'Unit 4' }, 'unknown'],
      ];
      const seen = new Set<string>();
      for (const [address, expected] of cases) {
        const kit = await register({ city: 'Testtown', ...address });
        expect({ address, service: kit.ambulanceService }).toEqual({ address, service: expected });
        seen.add(kit.ambulanceService);
      }
      expect(AMBULANCE_SERVICES.filter((s) => !seen.has(s))).toEqual([]);
      // A chosen service is kept.
      expect((await register({ postcode: 'M1 1AE', ambulanceService: 'scottish' })).ambulanceService).toBe('scottish');
    });

    it('writes the opening-hours text for every documented case from either day shape', async () => {
      const closedAll = defaultAvailability();
      for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) closedAll[d].isOpen = false;
      const cases: [unknown, string, string?][] = [
        [allDayAvailability(), '24/7'],
        [defaultAvailability(), 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun'],
        [toAdminShape(defaultAvailability()), 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun'],
        [closedAll, 'Closed all days'],
        [availabilityTransitions.setTermTimeOnly(defaultAvailability(), true), 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun (Term time only)'],
        [defaultAvailability(), '24/7', 'locked_cabinet'],
      ];
      for (const [availability, text, locationType] of cases) {
        const kit = await register({ availability: JSON.stringify(availability), ...(locationType ? { locationType, cabinetCode: '1234' } : {}) });
        expect(kit.openingHours).toBe(text);
      }
      expect((await register({ availability: undefined, openingHours: 'Ask at reception' })).openingHours).toBe('Ask at reception');
    });
  });

  describe('owner access', () => {
    it('lists only the caller’s kits with their role, and hides others’ kits as not found', async () => {
      const mine = await register({ serialNumber: 'MINE-1' }, stranger);
      const list = await h.bus.request(KitsSubjects.ownerList, { actor: stranger });
      expect(list.hasMore).toBe(false);
      expect(list.items.map((k) => k.id)).toEqual([mine.id]);
      expect((await h.bus.request(KitsSubjects.getKit, { actor: stranger, kitId: mine.id })).cabinetCode).toBeNull();
      expect((await rejection(h.bus.request(KitsSubjects.getKit, { actor: owner, kitId: mine.id }))).body.code).toBe(ErrorCode.NotFound);
      expect((await h.bus.request(KitsSubjects.getKit, { actor: admin, kitId: mine.id })).id).toBe(mine.id);
    });
  });

  describe('status transitions', () => {
    const transition = (subject: string, kitId: number, who = admin) => h.bus.request<Kit>(subject, { actor: who, kitId });

    it('approves, rejects and reactivates only from the allowed status, and only for admins', async () => {
      const a = await register();
      expect((await rejection(transition(KitsSubjects.approve, a.id, owner))).body.code).toBe(ErrorCode.Forbidden);
      expect((await rejection(transition(KitsSubjects.reactivate, a.id))).body.code).toBe(ErrorCode.Conflict);
      const approved = await transition(KitsSubjects.approve, a.id);
      expect(approved.status).toBe('active');
      expect(approved.approvedAt).toEqual(expect.any(String));
      expect((await rejection(transition(KitsSubjects.approve, a.id))).body.code).toBe(ErrorCode.Conflict);
      expect((await rejection(transition(KitsSubjects.reject, a.id))).body.code).toBe(ErrorCode.Conflict);
      expect((await rejection(transition(KitsSubjects.reactivate, a.id))).body.code).toBe(ErrorCode.Conflict);

      const b = await register();
      expect((await transition(KitsSubjects.reject, b.id)).status).toBe('rejected');
      expect((await rejection(transition(KitsSubjects.approve, b.id))).body.code).toBe(ErrorCode.Conflict);
      expect((await rejection(transition(KitsSubjects.reject, b.id))).body.code).toBe(ErrorCode.Conflict);
      expect((await transition(KitsSubjects.reactivate, b.id)).status).toBe('active');
      expect((await rejection(transition(KitsSubjects.approve, 999999))).body.code).toBe(ErrorCode.NotFound);
    });

    it('sets any deployment status from any other with notes and history, refusing unknown statuses', async () => {
      const k = await register();
      for (const status of ['deployed', 'unchecked', 'available', 'deployed'] as const) {
        const res = await h.bus.request(KitsSubjects.setDeploymentStatus, { actor: owner, kitId: k.id, status, notes: `now ${status}` });
        expect(res).toMatchObject({ deploymentStatus: status, deploymentNotes: `now ${status}` });
      }
      const last = await h.bus.request(KitsSubjects.getKit, { actor: owner, kitId: k.id });
      expect(last.deploymentHistory.map((c) => c.status)).toEqual(['deployed', 'unchecked', 'available', 'deployed']);
      expect(last.deploymentHistory[0].changedBy).toBe(owner.id);
      const bad = await rejection(h.bus.request(KitsSubjects.setDeploymentStatus, { actor: owner, kitId: k.id, status: 'lost' }));
      expect(bad.body).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [KitMessages.unknownDeploymentStatus] });
      const other = await rejection(h.bus.request(KitsSubjects.setDeploymentStatus, { actor: stranger, kitId: k.id, status: 'available' }));
      expect(other.body.code).toBe(ErrorCode.NotFound);
    });
  });

  describe('editing', () => {
    it('lets the owner edit fields but not admin-only ones; admins may set them', async () => {
      const k = await register();
      const edited = await h.bus.request(KitsSubjects.edit, {
        actor: owner,
        kitId: k.id,
        data: { locationName: 'Renamed Hall', detailedLocation: 'By the door' },
      });
      expect(edited).toMatchObject({ locationName: 'Renamed Hall', detailedLocation: 'By the door', status: 'pending' });
      for (const data of [{ manuallyChecked: true }, { status: 'active' }, { userId: stranger.id }]) {
        expect(
          (await rejection(h.bus.request(KitsSubjects.edit, { actor: owner, kitId: k.id, data: data as KitEditRequest['data'] }))).body.code,
        ).toBe(ErrorCode.Forbidden);
      }
      // Sending the unchanged values, as the edit form does, is fine.
      expect(
        (await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: k.id, data: { status: 'pending', manuallyChecked: false } })).status,
      ).toBe('pending');
      const byAdmin = await h.bus.request(KitsSubjects.edit, {
        actor: admin,
        kitId: k.id,
        data: { manuallyChecked: true, status: 'active', userId: stranger.id },
      });
      expect(byAdmin).toMatchObject({ manuallyChecked: true, status: 'active', userId: stranger.id });
      expect((await rejection(h.bus.request(KitsSubjects.edit, { actor: owner, kitId: k.id, data: { locationName: 'Mine again' } }))).body.code).toBe(
        ErrorCode.NotFound,
      );
      expect((await rejection(h.bus.request(KitsSubjects.edit, { actor: stranger, kitId: k.id, data: { locationName: 'x' } }))).body.errors).toEqual([
        KitMessages.locationName,
      ]);
    });

    it('re-detects an unknown ambulance service on save', async () => {
      const k = await register({ postcode: 'QQ', city: 'Nowhere' });
      expect(k.ambulanceService).toBe('unknown');
      const saved = await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: k.id, data: { postcode: 'ls1 4ap', city: 'Leeds' } });
      expect(saved).toMatchObject({ postcode: 'LS1 4AP', ambulanceService: 'yorkshire' });
    });

    it('sends an approved kit back for approval when its owner moves it', async () => {
      const k = await register();
      await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: k.id });
      const small = await h.bus.request(KitsSubjects.edit, {
        actor: owner,
        kitId: k.id,
        data: { latitude: 53.3841, custodianPhone: '0161 000 1234' },
      });
      expect(small.status).toBe('active');
      const moved = await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: k.id, data: { latitude: 53.39, longitude: -2.35 } });
      expect(moved).toMatchObject({ status: 'pending', manuallyChecked: false, approvedAt: null });
    });
  });

  describe('revision feed', () => {
    it('answers rows and tombstones in revision order, paged, without the cabinet code', async () => {
      const start = await latestRevision();
      const a = await register({ locationType: 'locked_cabinet', cabinetCode: '4321' });
      const b = await register();
      await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: a.id });
      await h.bus.request(KitsSubjects.delete, { actor: owner, kitId: b.id });
      const feed = await changes(start);
      expect(feed.changes.map((c) => [c.kitId, c.kit?.status ?? 'tombstone'])).toEqual([
        [a.id, 'active'], // a was written twice; only its latest state remains, at its newest revision
        [b.id, 'tombstone'],
      ]);
      const revisions = feed.changes.map((c) => c.revision);
      expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
      expect(JSON.stringify(feed)).not.toContain('4321');
      expect(feed.changes[0].kit).toMatchObject({ hasCabinetCode: true, userId: owner.id });
      expect(feed.changes[0].kit).not.toHaveProperty('cabinetCode');

      const page = await changes(start, 1);
      expect(page).toMatchObject({ hasMore: true, changes: [{ kitId: a.id }] });
      const next = await changes(page.lastRevision, 1);
      expect(next.changes.map((c) => c.kitId)).toEqual([b.id]);
      expect((await changes(feed.lastRevision)).changes).toEqual([]);
    });

    it('keeps a page under the NATS payload limit however large the kits are', async () => {
      const start = await latestRevision();
      // The longest text a kit may carry (TEXT_LIMITS), so 400 such kits exceed one page's byte cap.
      const long = 'x'.repeat(2000);
      for (let i = 0; i < 400; i++) await register({ detailedLocation: long, serialNumber: `BIG-${i}` });
      const seen: number[] = [];
      let after = start;
      for (;;) {
        const page = await changes(after, 1000);
        expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(1024 * 1024);
        seen.push(...page.changes.map((c) => c.revision));
        after = page.lastRevision;
        if (!page.hasMore) break;
      }
      expect(seen).toHaveLength(400);
      expect(new Set(seen).size).toBe(400);
    });

    it('serves the public projection its own feed: the same revisions, public listings only, null for kits off the map', async () => {
      const start = await latestRevision();
      const pending = await register();
      const shown = await register({ availability: JSON.stringify(allDayAvailability()), locationType: 'locked_cabinet', cabinetCode: '8642' });
      await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: shown.id });
      const hidden = await register({ publicDisplay: false });
      await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: hidden.id });
      const gone = await register();
      await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: gone.id });
      await h.bus.request(KitsSubjects.delete, { actor: admin, kitId: gone.id });

      const full = await changes(start);
      const pub = await publicChanges(start);
      expect(pub.changes.map((c) => c.revision)).toEqual(full.changes.map((c) => c.revision));
      expect(pub.lastRevision).toBe(full.lastRevision);
      expect(pub.changes.map((c) => [c.kitId, c.kit ? 'listed' : null])).toEqual([
        [pending.id, null],
        [shown.id, 'listed'],
        [hidden.id, null],
        [gone.id, null],
      ]);
      const listing = pub.changes[1].kit!;
      expect(Object.keys(listing).sort()).toEqual([...PUBLIC_KIT_FIELDS].sort());
      expect(listing).toMatchObject({ latitude: shown.latitude, longitude: shown.longitude, postcode: shown.postcode, city: shown.city });
      expect(listing).toMatchObject({
        id: shown.id,
        locationType: 'locked_cabinet',
        availability: null,
        openingHours: '24/7',
        verificationStatus: 'never_verified',
        deploymentStatus: 'available',
      });
      const text = JSON.stringify(pub);
      for (const field of PRIVATE_KIT_FIELDS) expect(text).not.toContain(`"${field}"`);
      for (const secret of ['8642', 'jo@example.org', '01612345678', 'Jo Custodian']) expect(text).not.toContain(secret);

      // Every page says the head; a range read stops at its upper bound.
      expect(pub.headRevision).toBe(pub.lastRevision);
      const bounded = await h.bus.request(KitsSubjects.publicChanges, { afterRevision: start, limit: 10, upToRevision: pub.changes[1].revision });
      expect(bounded).toMatchObject({ hasMore: false, lastRevision: pub.changes[1].revision, headRevision: pub.headRevision });
      expect(bounded.changes.map((c) => c.kitId)).toEqual([pending.id, shown.id]);

      const first = await publicChanges(start, 1);
      expect(first).toMatchObject({ hasMore: true, changes: [{ kitId: pending.id, kit: null }] });
      expect((await publicChanges(first.lastRevision)).changes.map((c) => c.kitId)).toEqual([shown.id, hidden.id, gone.id]);
    });

    it('keeps revisions gap-free in commit order under concurrent writes', async () => {
      const start = await latestRevision();
      const created = await Promise.all(Array.from({ length: 12 }, (_, i) => register({ serialNumber: `CONC-${i}` })));
      const feed = await changes(start);
      expect(feed.changes.map((c) => c.kitId).sort((x, y) => x - y)).toEqual(created.map((k) => k.id).sort((x, y) => x - y));
    });

    it('deletes for the owner or an admin only, leaving a tombstone', async () => {
      const k = await register();
      expect((await rejection(h.bus.request(KitsSubjects.delete, { actor: stranger, kitId: k.id }))).body.code).toBe(ErrorCode.NotFound);
      const start = await latestRevision();
      await h.bus.request(KitsSubjects.delete, { actor: admin, kitId: k.id });
      expect((await changes(start)).changes).toEqual([{ revision: expect.any(Number), kitId: k.id, kit: null }]);
      expect((await rejection(h.bus.request(KitsSubjects.getKit, { actor: owner, kitId: k.id }))).body.code).toBe(ErrorCode.NotFound);
    });
  });

  it('counts kits by owner and lists the eight seeded manufacturers, other last', async () => {
    const { counts } = await h.bus.request(KitsSubjects.countByOwner, { ownerIds: [stranger.id, admin.id] });
    expect(counts[stranger.id]).toBeGreaterThan(0);
    expect(counts[admin.id]).toBeUndefined();
    const makes = await h.bus.request(KitsSubjects.manufacturers, {});
    expect(makes).toHaveLength(8);
    expect(makes[makes.length - 1].value).toBe('other');
    expect(makes.find((m) => m.value === 'daniel_baird_foundation')?.label).toBe('Daniel Baird Foundation (Turtle)');
  });
});
