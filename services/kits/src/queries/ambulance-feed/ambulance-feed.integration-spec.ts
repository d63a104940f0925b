import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  type AdminKit,
  AmbulanceFeedSubjects,
  ApprovedDownloadSubjects,
  ErrorCode,
  type FeedPartResponse,
  type FeedRecord,
  type ListPart,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  allDayAvailability,
  toControlRoomKit,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { rejection } from '@bleedkits/platform/testing';
import { type KitsHarness, actor, startKits, validKit } from '../../../test/kits-harness';
import { feedKeyHash } from '../../commands/manage-feed-clients/manage-feed-clients.handler';
import { AmbulanceFeedRepository, LOCATION_TYPE_LABEL_SQL } from '../../database/ambulance-feed.repository';
import { AmbulanceFeedHandler } from './ambulance-feed.handler';

/** NATS refuses a message over 1 MiB: every part must stay below it. */
const NATS_MAX_PAYLOAD = 1024 * 1024;

describe(AmbulanceFeedHandler.name, () => {
  let h: KitsHarness;
  let db: Client;
  const admin = actor('admin');
  const owner = actor('user');
  const keyHashes: Record<string, string> = {};

  const register = (overrides = {}) => h.bus.request(KitsSubjects.register, { actor: owner, kit: validKit(overrides) });
  const edit = (kitId: number, data: Record<string, unknown>) => h.bus.request(KitsSubjects.edit, { actor: admin, kitId, data });
  const approve = (kitId: number) => h.bus.request(KitsSubjects.approve, { actor: admin, kitId });
  const part = (scope: string, afterRevision: number, limit = 2000) =>
    h.bus.request(AmbulanceFeedSubjects.part, {
      keyHash: keyHashes[scope],
      requestId: randomUUID(),
      clientAddress: '127.0.0.1',
      afterRevision,
      upToRevision: 1e15,
      limit,
    });
  /** A scope's records after a revision, as a client sees them. */
  const recordsAfter = async (scope: string, after: number) => (await part(scope, after)).records;
  const head = async () =>
    Number(
      (await db.query(`SELECT max(revision) AS r FROM (SELECT revision FROM kits.kits UNION ALL SELECT revision FROM kits.kit_tombstones) x`)).rows[0]
        .r,
    );

  beforeAll(async () => {
    h = await startKits();
    db = new Client({ connectionString: h.db.url });
    await db.connect();
    for (const scope of ['north_west', 'london', 'responder_app']) {
      const c = await h.bus.request(AmbulanceFeedSubjects.createClient, { actor: admin, scope, label: scope });
      keyHashes[scope] = feedKeyHash(c.key);
    }
  });
  afterAll(async () => {
    await db?.end();
    await h?.close();
  });

  it('gives a scope each kit that joined or changed, and a withdrawal with its reason for each kit that left', async () => {
    const start = await head();
    const a = await register({ serialNumber: 'FEED-A', locationType: 'locked_cabinet', cabinetCode: '4321' });
    expect(a.ambulanceService).toBe('north_west');
    expect(await recordsAfter('north_west', start)).toEqual([]); // pending kits are nobody's yet
    await approve(a.id);
    const [joined] = await recordsAfter('north_west', start);
    expect(joined).toMatchObject({ id: a.id, withdrawn: false, cabinetCode: '4321', shownOnPublicMap: true });
    expect((await recordsAfter('responder_app', start))[0]).not.toHaveProperty('cabinetCode');

    const steps: [Record<string, unknown>, Record<string, FeedRecord['withdrawn'] | string>][] = [
      [{ publicDisplay: false }, { north_west: false, responder_app: 'hidden_from_public_map' }],
      [
        { publicDisplay: true, ambulanceService: 'london' },
        { north_west: 'moved_to_another_service', london: false, responder_app: false },
      ],
      [{ status: 'rejected' }, { london: 'rejected', responder_app: 'rejected' }],
      [
        { status: 'active', ambulanceService: 'north_west' },
        { north_west: false, responder_app: false },
      ],
    ];
    for (const [data, expected] of steps) {
      const before = await head();
      await edit(a.id, data);
      for (const scope of ['north_west', 'london', 'responder_app']) {
        const seen = await recordsAfter(scope, before);
        const want = expected[scope];
        if (want === undefined) expect({ scope, seen }).toEqual({ scope, seen: [] });
        else if (want === false) expect({ scope, seen }).toEqual({ scope, seen: [expect.objectContaining({ id: a.id, withdrawn: false })] });
        else
          expect({ scope, seen }).toEqual({
            scope,
            seen: [{ id: a.id, reference: `BCK-${a.id}`, revision: before + 1, withdrawn: true, reason: want }],
          });
      }
    }
    const beforeDelete = await head();
    await h.bus.request(KitsSubjects.delete, { actor: admin, kitId: a.id });
    for (const scope of ['north_west', 'responder_app'])
      expect((await recordsAfter(scope, beforeDelete))[0]).toMatchObject({ id: a.id, withdrawn: true, reason: 'deleted' });
    expect(await recordsAfter('london', beforeDelete)).toEqual([]);
  });

  it('writes each record as toControlRoomKit defines it, whatever the text, for codes and no codes', async () => {
    const start = await head();
    const kits = [
      { locationName: 'Caffi’r Orsaf — “Back Room”', addressLine2: 'Unit 2 \\ Rear', cabinetCode: 'A"1\\b', what3words: 'filled.count.soap' },
      { locationName: '<b>Hall</b> & Café', locationType: 'unlocked_cabinet', cabinetCode: undefined, detailedLocation: 'Left of the door 🩹' },
      { locationName: "St John's Church", availability: JSON.stringify(allDayAvailability()), publicDisplay: false },
    ];
    const ids: number[] = [];
    for (const [i, k] of kits.entries()) {
      const kit = await register({ serialNumber: `FEED-JSON-${i}`, locationType: 'locked_cabinet', cabinetCode: '1234', ...k });
      await approve(kit.id);
      ids.push(kit.id);
    }
    const sources = new Map(
      (await h.service.get(AmbulanceFeedRepository).downloadEntries(start, 1e15, null, 1000))
        .filter((e) => e.kit && ids.includes(e.kitId))
        .map((e) => [e.kitId, e.kit!]),
    );
    expect([...sources.keys()].sort()).toEqual([...ids].sort());
    for (const [scope, withCodes] of [
      ['north_west', true],
      ['responder_app', false],
    ] as const) {
      const records = (await recordsAfter(scope, start)).filter((r) => ids.includes(r.id) && !r.withdrawn);
      expect(records.length).toBe(scope === 'responder_app' ? 2 : 3);
      for (const r of records) expect(r).toEqual(toControlRoomKit(sources.get(r.id)!, withCodes));
    }
  });

  it('labels every location type as LOCATION_TYPE_LABELS does, and an unknown type by itself', async () => {
    const types = [...LOCATION_TYPES, 'not_a_type'];
    const { rows } = await db.query(
      `SELECT k.location_type AS type, ${LOCATION_TYPE_LABEL_SQL} AS label FROM unnest($1::text[]) AS k(location_type)`,
      [types],
    );
    expect(Object.fromEntries(rows.map((r: { type: string; label: string }) => [r.type, r.label]))).toEqual({
      ...LOCATION_TYPE_LABELS,
      not_a_type: 'not_a_type',
    });
  });

  it('keeps every part below the NATS payload limit, however large the kits', async () => {
    const start = await head();
    // The longest texts a kit may carry: a part of 2,000 of them would be several megabytes.
    await db.query('BEGIN');
    await db.query('SELECT pg_advisory_xact_lock(48151623)');
    await db.query(
      `INSERT INTO kits.kits (revision, serial_number, make, location_type, location_name, address_line1, city, postcode, latitude, longitude, detailed_location,
         purchase_date, expiry_date, custodian_name, custodian_phone, custodian_email, ambulance_service, status)
       SELECT nextval('kits.revision_seq'), 'BIG-' || i, 'mere', 'unlocked_cabinet', repeat('L', 200), repeat('A', 200), 'Altrincham', 'WA15 8FH', 53.38, -2.33,
              repeat('x', 2000), DATE '2025-01-01', DATE '2028-01-01', 'C', '0', 'c@example.org', 'north_west', 'active'
         FROM generate_series(1, 2500) i ORDER BY i`,
    );
    await db.query('COMMIT');
    const ids = new Set<number>();
    let after = start;
    let parts = 0;
    for (;;) {
      const raw = await h.bus.requestRaw(
        AmbulanceFeedSubjects.part,
        Buffer.from(
          JSON.stringify({
            pattern: AmbulanceFeedSubjects.part,
            id: randomUUID(),
            data: {
              keyHash: keyHashes.north_west,
              requestId: randomUUID(),
              clientAddress: 'x',
              afterRevision: after,
              upToRevision: 1e15,
              limit: 2000,
            },
          }),
        ),
      );
      expect(raw.byteLength).toBeLessThan(NATS_MAX_PAYLOAD);
      const { response } = JSON.parse(Buffer.from(raw).toString('utf8')) as { response: FeedPartResponse };
      parts++;
      for (const r of response.records) ids.add(r.id);
      after = response.lastRevision;
      if (response.exhausted) break;
    }
    expect(ids.size).toBe(2500);
    expect(parts).toBeGreaterThan(4);

    const download = await h.bus.request(ApprovedDownloadSubjects.part, {
      actor: admin,
      fromRevision: start,
      toRevision: await head(),
      after: null,
      limit: 2000,
    });
    expect(download.exhausted).toBe(false);
    expect(JSON.stringify(download).length).toBeLessThan(NATS_MAX_PAYLOAD);
  });

  it('answers the admin list in parts, newest first, each kit once', async () => {
    const seen: number[] = [];
    let after: number | null = null;
    for (;;) {
      const p: ListPart<AdminKit> = await h.bus.request(KitsSubjects.adminList, { actor: admin, after, limit: 400 });
      seen.push(...p.items.map((k) => k.id));
      if (!p.hasMore) break;
      after = p.next;
    }
    const { rows } = await db.query(`SELECT id::int FROM kits.kits ORDER BY id DESC`);
    expect(seen).toEqual(rows.map((r: { id: number }) => r.id));
    expect((await rejection(h.bus.request(KitsSubjects.adminList, { actor: owner }))).body.code).toBe(ErrorCode.Forbidden);
  });

  it('refuses an unknown or revoked key alike', async () => {
    const c = await h.bus.request(AmbulanceFeedSubjects.createClient, { actor: admin, scope: 'welsh', label: 'to revoke' });
    await h.bus.request(AmbulanceFeedSubjects.revokeClient, { actor: admin, clientId: c.client.id });
    const revoked = await rejection(h.bus.request(AmbulanceFeedSubjects.open, { keyHash: feedKeyHash(c.key) }));
    const unknown = await rejection(h.bus.request(AmbulanceFeedSubjects.open, { keyHash: feedKeyHash('bkf_nobody') }));
    expect(revoked.body).toEqual(unknown.body);
    expect(unknown.body.code).toBe(ErrorCode.Unauthenticated);
  });
});
