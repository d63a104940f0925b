import { ErrorCode, ImportMessages, KitMessages, type RegisterBatchRequest, type UpdateIfUnchangedRequest } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { Client } from 'pg';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';

/** The kits commands the imports context calls: keyed batch registration, stale-checked updates, matching, gazetteer. */
describe('kits commands for CSV imports and queued updates', () => {
  let h: KitsHarness;
  let db: Client;
  const owner = actor('user');
  const admin = actor('admin');
  const batch = (entries: { idempotencyKey: string; kit: object }[], who = owner, ownerId?: string) =>
    // Entries as a client might send them, well formed or not: the handler's rules are what is tested.
    h.bus.request(KitsSubjects.registerBatch, { actor: who, ownerId, entries: entries as RegisterBatchRequest['entries'] });
  const update = (kitId: number, idempotencyKey: string, changes: { field: string; oldValue: unknown; newValue: unknown }[], who = admin) =>
    h.bus.request(KitsSubjects.updateIfUnchanged, { actor: who, kitId, idempotencyKey, changes: changes as UpdateIfUnchangedRequest['changes'] });
  const kit = (id: number) => h.bus.request(KitsSubjects.getKit, { actor: admin, kitId: id });

  beforeAll(async () => {
    h = await startKits();
    db = new Client({ connectionString: h.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await h?.close();
  });

  it('registers each valid entry once per key, pending and owned by the caller, and answers every invalid one with the form messages', async () => {
    const entries = [
      { idempotencyKey: 'import:t1:2', kit: validKit({ serialNumber: 'BATCH-1' }) },
      { idempotencyKey: 'import:t1:3', kit: validKit({ serialNumber: 'x', custodianEmail: 'nope' }) },
      { idempotencyKey: 'import:t1:4', kit: validKit({ serialNumber: 'BATCH-2', postcode: 'IM1 1AA' }) },
    ];
    const first = await batch(entries);
    expect(first.outcomes[0]).toMatchObject({ idempotencyKey: 'import:t1:2', replayed: false, kitId: expect.any(Number) });
    expect(first.outcomes[1]).toEqual({ idempotencyKey: 'import:t1:3', errors: [KitMessages.serialNumber, KitMessages.custodianEmail] });
    const again = await batch(entries);
    expect(again.outcomes[0]).toEqual({ idempotencyKey: 'import:t1:2', kitId: (first.outcomes[0] as { kitId: number }).kitId, replayed: true });
    expect(again.outcomes[2]).toMatchObject({ replayed: true });
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM kits.kits WHERE serial_number LIKE 'BATCH-%'`);
    expect(rows[0].n).toBe(2);
    const made = await kit((first.outcomes[2] as { kitId: number }).kitId);
    expect(made).toMatchObject({ status: 'pending', userId: owner.id, ambulanceService: 'isle_of_man_guernsey_jersey', postcode: 'IM1 1AA' });
  });

  it('keeps the key when the kit it made is deleted: a retry does not register it again', async () => {
    const [{ kitId }] = (await batch([{ idempotencyKey: 'import:t2:2', kit: validKit({ serialNumber: 'GONE-1' }) }])).outcomes as { kitId: number }[];
    await h.bus.request(KitsSubjects.delete, { actor: admin, kitId });
    const retry = await batch([{ idempotencyKey: 'import:t2:2', kit: validKit({ serialNumber: 'GONE-1' }) }]);
    expect(retry.outcomes[0]).toMatchObject({ kitId, replayed: true });
    expect((await db.query(`SELECT count(*)::int AS n FROM kits.kits WHERE serial_number = 'GONE-1'`)).rows[0].n).toBe(0);
  });

  it('lets only admins register into another account', async () => {
    const other = actor('user');
    const refused = await rejection(batch([{ idempotencyKey: 'import:t3:2', kit: validKit() }], owner, other.id));
    expect(refused.body).toMatchObject({ code: ErrorCode.Forbidden, message: ImportMessages.otherAccount });
    const done = await batch([{ idempotencyKey: 'import:t3:3', kit: validKit() }], admin, other.id);
    expect((await kit((done.outcomes[0] as { kitId: number }).kitId)).userId).toBe(other.id);
  });

  it('updates a kit only while each field still holds the value compared, once per key', async () => {
    const [{ kitId }] = (await batch([{ idempotencyKey: 'import:t4:2', kit: validKit({ serialNumber: 'UPD-1', locationName: 'Old Hall' }) }]))
      .outcomes as { kitId: number }[];
    const applied = await update(kitId, 'csv-update:j1:1', [
      { field: 'locationName', oldValue: 'Old Hall', newValue: 'New Hall' },
      { field: 'postcode', oldValue: 'wa15 8fh', newValue: 'M1 1AE' },
    ]);
    expect(applied).toMatchObject({ kitId, replayed: false });
    expect(await kit(kitId)).toMatchObject({ locationName: 'New Hall', postcode: 'M1 1AE', status: 'pending' });
    // The same key again is the same update, not a stale one.
    expect(await update(kitId, 'csv-update:j1:1', [{ field: 'locationName', oldValue: 'Old Hall', newValue: 'New Hall' }])).toMatchObject({
      replayed: true,
      revision: applied.revision,
    });
    const stale = await rejection(update(kitId, 'csv-update:j1:2', [{ field: 'locationName', oldValue: 'Old Hall', newValue: 'Other Hall' }]));
    expect(stale.body).toMatchObject({
      code: ErrorCode.Conflict,
      message: "The kit changed after the comparison: location_name is now 'New Hall', not 'Old Hall'. Compare again before updating.",
    });
    expect((await kit(kitId)).locationName).toBe('New Hall');
    const invalid = await rejection(update(kitId, 'csv-update:j1:3', [{ field: 'custodianEmail', oldValue: 'jo@example.org', newValue: 'nope' }]));
    expect(invalid.body.errors).toEqual([KitMessages.custodianEmail]);
    expect(
      (await rejection(update(kitId, 'csv-update:j1:4', [{ field: 'locationName', oldValue: 'New Hall', newValue: 'X Hall' }], owner))).body.code,
    ).toBe(ErrorCode.Forbidden);
    expect((await rejection(update(kitId, 'csv-update:j1:5', [{ field: 'status', oldValue: 'pending', newValue: 'active' }]))).body.code).toBe(
      ErrorCode.ValidationFailed,
    );
    // The applied update is the admin's edit in the trail, once (the replay, the stale and the refused ones wrote nothing).
    const { rows } = await db.query(
      `SELECT actor_id AS "actorId", action, before, after FROM kits.audit_entries WHERE target_type = 'kit' AND target_id = $1`,
      [String(kitId)],
    );
    expect(rows).toEqual([
      {
        actorId: admin.id,
        action: 'kit.edited',
        before: { locationName: 'Old Hall', postcode: 'WA15 8FH' },
        after: { locationName: 'New Hall', postcode: 'M1 1AE' },
      },
    ]);
  });

  it('finds comparison candidates by serial number and by location name and postcode, a few per key', async () => {
    await batch([
      { idempotencyKey: 'import:t5:2', kit: validKit({ serialNumber: 'cmp-77', locationName: 'Match  Hall', postcode: 'M41 6NA' }) },
      ...[3, 4, 5, 6].map((n) => ({ idempotencyKey: `import:t5:${n}`, kit: validKit({ serialNumber: 'SHARED-1' }) })),
    ]);
    const found = await h.bus.request(KitsSubjects.matchForComparison, {
      actor: admin,
      serialNumbers: [' CMP-77 ', 'shared-1'],
      locations: [{ locationName: 'match hall', postcode: 'm416na' }],
    });
    expect(found.kits.filter((k) => k.serialNumber === 'cmp-77')).toHaveLength(1);
    expect(found.kits.filter((k) => k.serialNumber === 'SHARED-1')).toHaveLength(3);
    expect((await rejection(h.bus.request(KitsSubjects.matchForComparison, { actor: owner, serialNumbers: ['X'], locations: [] }))).body.code).toBe(
      ErrorCode.Forbidden,
    );
  });

  it("answers the centre of the register's kits at a postcode (the offline gazetteer), nothing for unknown ones", async () => {
    await batch([
      { idempotencyKey: 'import:t6:2', kit: validKit({ postcode: 'M33 3ES', latitude: '53.42', longitude: '-2.30' }) },
      { idempotencyKey: 'import:t6:3', kit: validKit({ postcode: 'm333es', latitude: '53.44', longitude: '-2.32' }) },
    ]);
    const res = await h.bus.request(KitsSubjects.postcodePlaces, { postcodes: ['M33 3ES', 'ZZ9 9ZZ', 'nonsense'] });
    expect(Object.keys(res.places)).toEqual(['M33 3ES']);
    expect(res.places['M33 3ES'].latitude).toBeCloseTo(53.43, 6);
    expect(res.places['M33 3ES'].longitude).toBeCloseTo(-2.31, 6);
  });
});
