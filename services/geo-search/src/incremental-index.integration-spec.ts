import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { type Actor, type NearbyQuery, type ViewportQuery, mercatorX, mercatorY, viewportCells } from '@bleedkits/contracts';
import { GeoSearchSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { type GeoHarness, actor, kitAt, registerKit, startGeoSearch, waitFor } from '../test/geo-harness';
import { rng } from '../test/random-kits';
import { MICRODEGREES } from './projection/kit-entry';
import { KitProjection } from './projection/kit-projection';
import { NearbyQueryHandler } from './queries/nearby/nearby.query';
import { ViewportQueryHandler } from './queries/viewport/viewport.query';
import { PublicKitIndex } from './spatial/public-kit-index';

jest.setTimeout(600_000);

type Item = { id?: number; isCluster?: boolean; count?: number };
type Model = { status: 'pending' | 'active' | 'rejected'; publicDisplay: boolean; owner: Actor };
type Op = 'approve' | 'reject' | 'reactivate' | 'move' | 'rename' | 'ownerMove' | 'hide' | 'show' | 'delete' | 'register';

const CHANGES = 2000;
const BATCHES = 10;

/** A place like the register's: one dense town, a sparse region, and a few far away (the antimeridian, the south). */
function place(r: () => number): { lat: number; lng: number } {
  const k = r();
  if (k < 0.55) return { lat: 53.43 + r() * 0.06, lng: -2.3 + r() * 0.1 };
  if (k < 0.95) return { lat: 52.5 + r() * 2.5, lng: -4 + r() * 3.5 };
  return r() < 0.5 ? { lat: -41 + r(), lng: 179.95 + r() * 0.05 } : { lat: 65 + r(), lng: -179.99 + r() * 0.05 };
}

const VIEWPORTS: ViewportQuery[] = [
  { north: 85, south: -85, east: 180, west: -180, zoom: 0, limit: 1000 },
  { north: 85, south: -85, east: 180, west: -180, zoom: 0, limit: 3 },
  { north: 60, south: 49, east: 2, west: -8, zoom: 5, limit: 1000 },
  { north: 56, south: 51, east: 0, west: -5, zoom: 7, limit: 100 },
  { north: 54.2, south: 52.8, east: -1, west: -3.8, zoom: 9, limit: 1000 },
  { north: 53.6, south: 53.3, east: -2, west: -2.6, zoom: 11, limit: 200 },
  { north: 53.5, south: 53.42, east: -2.18, west: -2.32, zoom: 13, limit: 50 },
  { north: 53.47, south: 53.44, east: -2.22, west: -2.28, zoom: 15, limit: 1000 },
  { north: 53.47, south: 53.44, east: -2.22, west: -2.28, zoom: 17, limit: 20 },
  { north: -35, south: -45, east: -179, west: 179, zoom: 6, limit: 1000 },
];
const NEARBY: NearbyQuery[] = [
  { lat: 53.46, lng: -2.25, radius: 25, limit: 100 },
  { lat: 53.46, lng: -2.25, radius: 2, limit: 1000 },
  { lat: 53.0, lng: -3.0, radius: 80, limit: 30 },
  { lat: 54.5, lng: -1.0, radius: 1000, limit: 1000 },
  { lat: -40.5, lng: -179.99, radius: 300, limit: 10 },
];

/**
 * Acceptance (issue 17): a random sequence of 2,000 changes through the kits service (approve, move, reject, delete,
 * and the rest of what takes a kit on or off the map) is applied to the index change by change; after every batch the
 * replica's answers, its cached ones included, are exactly those of an index built from scratch from the same kits,
 * the kits are exactly the public kits in Postgres, and the clusters' counts add up to the kits of the box. At the end
 * a replica built from the whole feed answers exactly the same.
 */
describe('geo-search: incremental index = full rebuild', () => {
  let h: GeoHarness;
  let live: INestMicroservice;
  let db: Client;
  const admin = actor('admin');
  const model = new Map<number, Model>();
  const r = rng(2026);

  beforeAll(async () => {
    h = await startGeoSearch();
    live = await h.startReplica({ GEO_CATCHUP_INTERVAL_MS: '500' });
    db = new Client({ connectionString: h.db.url });
    await db.connect();
    const owners = [actor('user'), actor('user'), actor('user')];
    await pool(
      Array.from({ length: 600 }, (_, i) => i),
      async (i) => {
        const owner = owners[i % owners.length];
        const p = place(r);
        const kit = await registerKit(h.bus, owner, kitAt(p.lat, p.lng, { locationName: `Kit ${i}`, city: ['Altrincham', 'Sale', 'Hale'][i % 3] }));
        model.set(kit.id, { status: 'pending', publicDisplay: true, owner });
      },
    );
    const ids = [...model.keys()].slice(0, 450);
    await h.bus.request(KitsSubjects.bulkApprove, { actor: admin, kitIds: ids });
    for (const id of ids) model.get(id)!.status = 'active';
  });

  afterAll(async () => {
    await db?.end();
    await h?.close();
  });

  async function change(op: Op, id: number): Promise<void> {
    const m = model.get(id)!;
    const p = place(r);
    switch (op) {
      case 'approve':
        await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: id });
        m.status = 'active';
        return;
      case 'reject':
        await h.bus.request(KitsSubjects.reject, { actor: admin, kitId: id });
        m.status = 'rejected';
        return;
      case 'reactivate':
        await h.bus.request(KitsSubjects.reactivate, { actor: admin, kitId: id });
        m.status = 'active';
        return;
      case 'move':
        await h.bus.request(KitsSubjects.edit, { actor: admin, kitId: id, data: { latitude: String(p.lat), longitude: String(p.lng) } });
        return;
      case 'rename':
        await h.bus.request(KitsSubjects.edit, { actor: admin, kitId: id, data: { locationName: `Renamed ${id} ${Math.floor(r() * 1e6)}` } });
        return;
      case 'ownerMove':
        // An owner's move of an approved kit sends it back for approval: it leaves the map.
        await h.bus.request(KitsSubjects.edit, { actor: m.owner, kitId: id, data: { latitude: String(p.lat), longitude: String(p.lng) } });
        if (m.status === 'active') m.status = 'pending';
        return;
      case 'hide':
      case 'show':
        await h.bus.request(KitsSubjects.edit, { actor: m.owner, kitId: id, data: { publicDisplay: op === 'show' } });
        m.publicDisplay = op === 'show';
        return;
      case 'delete':
        await h.bus.request(KitsSubjects.delete, { actor: admin, kitId: id });
        model.delete(id);
        return;
      case 'register': {
        const owner = m.owner;
        const kit = await registerKit(h.bus, owner, kitAt(p.lat, p.lng, { locationName: `New kit ${Math.floor(r() * 1e6)}` }));
        model.set(kit.id, { status: 'pending', publicDisplay: true, owner });
        return;
      }
    }
  }

  /** A change that applies to the kit as it stands (each kit is changed at most once per batch). */
  function pickOp(m: Model): Op {
    const k = r();
    if (m.status === 'pending') return k < 0.55 ? 'approve' : k < 0.75 ? 'reject' : k < 0.85 ? 'move' : k < 0.93 ? 'delete' : 'register';
    if (m.status === 'rejected') return k < 0.6 ? 'reactivate' : k < 0.8 ? 'delete' : 'register';
    if (!m.publicDisplay) return k < 0.7 ? 'show' : 'delete';
    return k < 0.35 ? 'move' : k < 0.5 ? 'rename' : k < 0.6 ? 'ownerMove' : k < 0.7 ? 'hide' : k < 0.85 ? 'delete' : 'register';
  }

  const head = async () => (await h.bus.request(KitsSubjects.publicChanges, { afterRevision: 0, limit: 1 })).headRevision;

  /** The public kits as Postgres has them: the truth the projection must equal. */
  async function publicKitsInPostgres(): Promise<Map<number, { lat: number; lng: number }>> {
    const { rows } = await db.query<{ id: number; lat: number; lng: number }>(
      `SELECT id::int AS id, latitude::float8 AS lat, longitude::float8 AS lng FROM kits.kits WHERE status = 'active' AND public_display`,
    );
    return new Map(rows.map((k) => [k.id, { lat: k.lat, lng: k.lng }]));
  }

  const kitsInCells = (truth: Map<number, { lat: number; lng: number }>, q: ViewportQuery) => {
    const c = viewportCells(q);
    const cell = (v: number) => Math.min(2 ** c.level - 1, Math.floor(v * 2 ** c.level));
    let n = 0;
    for (const { lat, lng } of truth.values()) {
      const x = cell(mercatorX(lng));
      const y = cell(mercatorY(lat));
      if (y >= c.north && y <= c.south && (c.west <= c.east ? x >= c.west && x <= c.east : x >= c.west || x <= c.east)) n++;
    }
    return n;
  };

  async function expectSameAsRebuild(batch: number): Promise<void> {
    const revision = await head();
    await waitFor(() => live.get(KitProjection).revision >= revision, 20_000);
    const projection = live.get(KitProjection);
    const truth = await publicKitsInPostgres();
    const entries = [...projection.kits.values()];
    expect({ batch, ids: entries.map((e) => e.id).sort((a, b) => a - b) }).toEqual({ batch, ids: [...truth.keys()].sort((a, b) => a - b) });
    // Positions are kept to the microdegree.
    const micro = (v: number) => Math.round(v * MICRODEGREES);
    for (const e of entries) {
      const { lat, lng } = truth.get(e.id)!;
      expect({ id: e.id, lat: e.lat6, lng: e.lng6 }).toEqual({ id: e.id, lat: micro(lat), lng: micro(lng) });
    }

    // The same kits, in another order, indexed from nothing.
    const rebuilt = PublicKitIndex.build(entries.sort((a, b) => b.id - a.id));
    let clustered = 0;
    for (const q of VIEWPORTS) {
      // Over NATS, as the gateway asks: a cached answer must have been dropped if a change touched its cells.
      const answer = await h.ask(GeoSearchSubjects.viewport, q);
      expect({ batch, q, body: answer.text }).toEqual({ batch, q, body: `[${rebuilt.viewport(q).join(',')}]` });
      const items = answer.json as Item[];
      expect(items.length).toBeLessThanOrEqual(q.limit);
      expect({ batch, q, total: items.reduce((n, i) => n + (i.isCluster ? i.count! : 1), 0) }).toEqual({ batch, q, total: kitsInCells(truth, q) });
      if (items.some((i) => i.isCluster)) clustered++;
    }
    expect(clustered).toBeGreaterThanOrEqual(4);
    for (const q of NEARBY) {
      const answer = await h.ask(GeoSearchSubjects.nearby, q);
      expect({ batch, q, body: answer.text }).toEqual({ batch, q, body: `[${rebuilt.nearby(q).join(',')}]` });
    }
    for (const town of ['Altrincham', 'Sale', 'Hale', 'WA14', 'WA14 1EN'])
      expect(projection.kits.gazetteer.exact(town)).toEqual(rebuilt.gazetteer.exact(town));
  }

  it('gives exactly the answers of a full rebuild after every batch of a random sequence of 2,000 changes', async () => {
    // Asked twice, every viewport answer is now cached (one is kept from its second asking): the batches must drop
    // exactly the ones they touch.
    await expectSameAsRebuild(-1);
    await expectSameAsRebuild(-1);
    const counts: Partial<Record<Op, number>> = {};
    for (let batch = 0; batch < BATCHES; batch++) {
      const ids = [...model.keys()];
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [ids[i], ids[j]] = [ids[j], ids[i]];
      }
      const work = ids.slice(0, CHANGES / BATCHES).map((id) => ({ id, op: pickOp(model.get(id)!) }));
      for (const { op } of work) counts[op] = (counts[op] ?? 0) + 1;
      await pool(work, ({ id, op }) => change(op, id));
      await expectSameAsRebuild(batch);
    }
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(CHANGES);
    for (const op of ['approve', 'move', 'reject', 'delete'] as const) expect(counts[op]).toBeGreaterThan(50);
  });

  it('answers exactly like a replica built from the whole feed', async () => {
    const fresh = await h.startReplica({ GEO_FEED_PAGE_SIZE: '100' });
    await waitFor(() => fresh.get(KitProjection).revision >= live.get(KitProjection).revision, 20_000);
    const text = (m: INestMicroservice, handler: typeof ViewportQueryHandler | typeof NearbyQueryHandler, q: ViewportQuery | NearbyQuery) =>
      (m.get(handler) as { handle(q: unknown): { body: Buffer } }).handle(q).body.toString('utf8');
    for (const q of VIEWPORTS) expect(text(fresh, ViewportQueryHandler, q)).toBe(text(live, ViewportQueryHandler, q));
    for (const q of NEARBY) expect(text(fresh, NearbyQueryHandler, q)).toBe(text(live, NearbyQueryHandler, q));
    expect(fresh.get(KitProjection).tag).toBe(live.get(KitProjection).tag);
  });
});

/** Runs `work` over `items`, at most `concurrency` at a time. */
async function pool<T>(items: readonly T[], work: (item: T) => Promise<void>, concurrency = 16): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
