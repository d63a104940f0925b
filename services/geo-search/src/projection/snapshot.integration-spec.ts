import type { INestMicroservice } from '@nestjs/common';
import { gzipSync } from 'node:zlib';
import { type NatsConnection, connect } from 'nats';
import { type Actor, type NearbyQuery, type ViewportQuery } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { type GeoHarness, actor, kitAt, registerKit, startGeoSearch, waitFor } from '../../test/geo-harness';
import { rng } from '../../test/random-kits';
import { NearbyQueryHandler } from '../queries/nearby/nearby.query';
import { SearchQueryHandler } from '../queries/search/search.query';
import { ViewportQueryHandler } from '../queries/viewport/viewport.query';
import { HotQueryServer } from '../transport/hot-query-server';
import { KitFeedFollower } from './kit-feed-follower';
import { KitProjection } from './kit-projection';
import { SNAPSHOT_FORMAT, encodeSnapshot, snapshotHeader } from './snapshot-format';
import { ProjectionSnapshotStore, SNAPSHOT_OBJECT } from './snapshot-store';

jest.setTimeout(300_000);

const BUCKET = 'geo-search-snapshots';
const VIEWPORTS: ViewportQuery[] = [
  { north: 60, south: 49, east: 2, west: -8, zoom: 5, limit: 1000 },
  { north: 56, south: 51, east: 0, west: -5, zoom: 8, limit: 60 },
  { north: 53.6, south: 53.3, east: -2, west: -2.6, zoom: 11, limit: 1000 },
  { north: 53.5, south: 53.42, east: -2.18, west: -2.32, zoom: 14, limit: 1000 },
];
const NEARBY: NearbyQuery[] = [
  { lat: 53.46, lng: -2.25, radius: 25, limit: 100 },
  { lat: 53.0, lng: -3.0, radius: 300, limit: 1000 },
];

/**
 * Acceptance (issue 17): a replica that starts from the stored snapshot of the projection and reads only the 500
 * changes made since answers exactly like one that read the whole feed, from the moment it joins its queue group; a
 * corrupt, stale, future or missing snapshot is ignored and the replica reads the whole feed instead.
 */
describe('geo-search: starting from the stored snapshot of the projection', () => {
  let h: GeoHarness;
  let first: INestMicroservice;
  let nc: NatsConnection;
  const admin = actor('admin');
  const owner = actor('user');
  const r = rng(17);
  const ids: number[] = [];
  const snapshotEnv = {
    GEO_PROJECTION_SNAPSHOT_BUCKET: BUCKET,
    GEO_PROJECTION_SNAPSHOT_INTERVAL_MS: '3600000',
    GEO_PROJECTION_SNAPSHOT_FIRST_DELAY_MS: '3600000',
    GEO_CATCHUP_INTERVAL_MS: '300',
  };

  const place = () => (r() < 0.6 ? { lat: 53.43 + r() * 0.06, lng: -2.3 + r() * 0.1 } : { lat: 51 + r() * 4, lng: -4 + r() * 3.5 });
  const head = async () => (await h.bus.request(KitsSubjects.publicChanges, { afterRevision: 0, limit: 1 })).headRevision;
  const bucket = () => nc.jetstream().views.os(BUCKET);

  /** Every answer of `replica` is the same bytes as the first replica's (which followed every change as it came). */
  function expectSameAnswers(replica: INestMicroservice): void {
    const text = (m: INestMicroservice, handler: typeof ViewportQueryHandler | typeof NearbyQueryHandler, q: unknown) =>
      (m.get(handler) as { handle(q: unknown): { body: Buffer } }).handle(q).body.toString('utf8');
    for (const q of VIEWPORTS) expect(text(replica, ViewportQueryHandler, q)).toBe(text(first, ViewportQueryHandler, q));
    for (const q of NEARBY) expect(text(replica, NearbyQueryHandler, q)).toBe(text(first, NearbyQueryHandler, q));
    expect(replica.get(KitProjection).tag).toBe(first.get(KitProjection).tag);
  }

  async function searchText(m: INestMicroservice, location: string): Promise<string> {
    return (await m.get(SearchQueryHandler).handle({ location })).body.toString('utf8');
  }

  async function changes(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const k = r();
      const id = ids[Math.floor(r() * ids.length)];
      const p = place();
      const request =
        k < 0.3
          ? h.bus.request(KitsSubjects.edit, { actor: admin, kitId: id, data: { latitude: String(p.lat), longitude: String(p.lng) } })
          : k < 0.5
            ? h.bus.request(KitsSubjects.edit, { actor: admin, kitId: id, data: { locationName: `Renamed ${i}` } })
            : k < 0.6
              ? h.bus.request(KitsSubjects.delete, { actor: admin, kitId: id }).then(() => ids.splice(ids.indexOf(id), 1))
              : k < 0.8
                ? registerKit(h.bus, owner, kitAt(p.lat, p.lng, { locationName: `New ${i}` })).then((kit) =>
                    h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id }).then(() => ids.push(kit.id)),
                  )
                : registerKit(h.bus, owner, kitAt(p.lat, p.lng, { locationName: `Pending ${i}` }));
      await request;
    }
  }

  beforeAll(async () => {
    h = await startGeoSearch(snapshotEnv);
    nc = await connect({ servers: h.nats.url });
    // 50 registrations in flight at a time: 700 at once can outlast the bus timeout on a busy machine.
    const places = Array.from({ length: 700 }, () => place());
    for (let from = 0; from < places.length; from += 50) {
      const registered = await Promise.all(
        places.slice(from, from + 50).map((p, i) => registerKit(h.bus, owner as Actor, kitAt(p.lat, p.lng, { locationName: `Kit ${from + i}` }))),
      );
      ids.push(...registered.map((k) => k.id));
    }
    await h.bus.request(KitsSubjects.bulkApprove, { actor: admin, kitIds: ids });
    first = await h.startReplica();
  });

  afterAll(async () => {
    await nc?.close();
    await h?.close();
  });

  it('with a 500-change gap, answers exactly like the replica that followed every change, as soon as it joins', async () => {
    const store = first.get(ProjectionSnapshotStore);
    await waitFor(() => first.get(KitProjection).revision >= 0 && first.get(KitProjection).isReady, 10_000);
    expect(await store.save()).toBe(true);
    const snapshotRevision = store.lastStored!.revision;
    // Nothing newer to store: a second save writes nothing.
    expect(await store.save()).toBe(false);
    const info = await (await bucket()).info(SNAPSHOT_OBJECT);
    expect(JSON.parse(info!.description!)).toMatchObject({
      format: SNAPSHOT_FORMAT,
      revision: snapshotRevision,
      kits: first.get(KitProjection).size,
    });

    // A stretch of register changes after the snapshot: moves, renames, deletions, approvals and pending kits.
    while ((await head()) - snapshotRevision < 500) await changes(50);
    await waitFor(async () => first.get(KitProjection).revision >= (await head()), 10_000);

    // startReplica returns as soon as the replica has joined its queue group: it must already answer correctly.
    const restored = await h.startReplica();
    expect(restored.get(KitFeedFollower).startedFrom).toMatchObject({ from: 'snapshot', revision: snapshotRevision });
    expectSameAnswers(restored);
    for (const location of ['Altrincham', 'WA14', 'WA14 1EN']) expect(await searchText(restored, location)).toBe(await searchText(first, location));

    const fromFeed = await h.startReplica({ GEO_PROJECTION_SNAPSHOT_BUCKET: 'off' });
    expect(fromFeed.get(KitFeedFollower).startedFrom).toMatchObject({ from: 'feed', reason: 'off' });
    expectSameAnswers(fromFeed);
    for (const m of [restored, fromFeed]) {
      await m.close();
      h.replicas.splice(h.replicas.indexOf(m), 1);
    }
  });

  it('a snapshot JetStream refuses fails that save and nothing else: no unhandled rejection, and it is stored once it may be', async () => {
    const store = first.get(ProjectionSnapshotStore);
    await changes(20);
    await waitFor(async () => first.get(KitProjection).revision >= (await head()), 10_000);
    const jsm = await nc.jetstreamManager();
    const stream = `OBJ_${BUCKET}`;
    const { config, state } = await jsm.streams.info(stream);
    // The bucket's stream discards nothing old: over its byte limit, the chunk sends of the new snapshot are refused.
    await jsm.streams.update(stream, { ...config, max_bytes: state.bytes + 1024 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // nats.js names the refusal by its status alone ("503"), as it does when JetStream is not there at all.
      await expect(store.save()).rejects.toThrow(/503|maximum bytes/i);
      await new Promise((r) => setTimeout(r, 500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await jsm.streams.update(stream, { ...config, max_bytes: -1 });
    }
    expect(await store.save()).toBe(true);
    expect(store.lastStored!.revision).toBe(first.get(KitProjection).revision);
  });

  it('two replicas storing at the same moment: one stores it, the other finds it stored, neither fails', async () => {
    const other = await h.startReplica();
    try {
      await changes(20);
      const both = [first, other];
      await waitFor(async () => {
        const target = await head();
        return both.every((m) => m.get(KitProjection).revision >= target);
      }, 10_000);
      const stored = await Promise.all(both.map((m) => m.get(ProjectionSnapshotStore).save()));
      expect(stored.sort()).toEqual([false, true]);
      const info = await (await bucket()).info(SNAPSHOT_OBJECT);
      expect(JSON.parse(info!.description!)).toMatchObject({ revision: first.get(KitProjection).revision });
    } finally {
      await other.close();
      h.replicas.splice(h.replicas.indexOf(other), 1);
    }
  });

  it('a replica leaves a snapshot stored within the time given alone (its timer gives three quarters of the interval), though the register moved on', async () => {
    const store = first.get(ProjectionSnapshotStore);
    expect(await store.save()).toBe(false);
    await changes(10);
    await waitFor(async () => first.get(KitProjection).revision >= (await head()), 10_000);
    expect(await store.save({ unlessYoungerThanMs: 3_600_000 })).toBe(false);
    expect(await store.save({ unlessYoungerThanMs: 1 })).toBe(true);
    expect(store.lastStored!.revision).toBe(first.get(KitProjection).revision);
  });

  it('a save removes the chunks an upload killed mid-way left behind (nothing added for twice the publish timeout), and keeps the stored snapshot', async () => {
    const replica = await h.startReplica({ GEO_PROJECTION_SNAPSHOT_TIMEOUT_MS: '500' });
    const stored = await (await bucket()).info(SNAPSHOT_OBJECT);
    const orphan = `$O.${BUCKET}.C.killed-upload`;
    await nc.jetstream().publish(orphan, new Uint8Array(1000));
    const chunksOn = async (subject: string) =>
      Object.values((await (await nc.jetstreamManager()).streams.info(`OBJ_${BUCKET}`, { subjects_filter: subject })).state.subjects ?? {}).length;
    // Younger than twice the timeout: it may be an upload in progress, so it stays.
    await replica.get(ProjectionSnapshotStore).save({ unlessYoungerThanMs: 3_600_000 });
    expect(await chunksOn(orphan)).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await replica.get(ProjectionSnapshotStore).save({ unlessYoungerThanMs: 3_600_000 });
    expect(await chunksOn(orphan)).toBe(0);
    expect(await chunksOn(`$O.${BUCKET}.C.${stored!.nuid}`)).toBe(1);
    await replica.close();
  });

  it('reads the whole feed instead of a corrupt, stale or future snapshot, or when none is stored', async () => {
    const os = await bucket();
    const state = first.get(KitProjection).state();
    const encode = async (header: ReturnType<typeof snapshotHeader>) => {
      const parts: Buffer[] = [];
      for await (const p of encodeSnapshot(header, state.entries)) parts.push(p);
      return gzipSync(Buffer.concat(parts));
    };
    const valid = snapshotHeader(state);
    const cases: [string, Buffer, object][] = [
      // Garbage where the records should be, under a description that looks right.
      ['corrupt', gzipSync(Buffer.from('BKGS not really a snapshot')), { ...valid }],
      ['corrupt', (await encode(valid)).subarray(0, 5000), { ...valid }],
      ['stale', await encode(valid), { ...valid, format: 99 }],
      ['stale', await encode(valid), { ...valid, createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() }],
    ];
    for (const [reason, bytes, description] of cases) {
      await os.putBlob({ name: SNAPSHOT_OBJECT, description: JSON.stringify(description) }, bytes);
      const replica = await h.startReplica();
      expect(replica.get(KitFeedFollower).startedFrom).toMatchObject({ from: 'feed', reason });
      expectSameAnswers(replica);
      await replica.close();
      h.replicas.splice(h.replicas.indexOf(replica), 1);
    }

    // A snapshot of a register further on than this one (a database restored from a backup): read from the start.
    const future = { ...valid, revision: (await head()) + 10_000 };
    await os.putBlob({ name: SNAPSHOT_OBJECT, description: JSON.stringify(future) }, await encode(future));
    const afterRestore = await h.startReplica();
    expect(afterRestore.get(KitFeedFollower).startedFrom).toMatchObject({ from: 'feed', reason: 'stale' });
    expectSameAnswers(afterRestore);
    await afterRestore.close();
    h.replicas.splice(h.replicas.indexOf(afterRestore), 1);

    await os.delete(SNAPSHOT_OBJECT);
    const none = await h.startReplica();
    expect(none.get(KitFeedFollower).startedFrom).toMatchObject({ from: 'feed', reason: 'missing' });
    expect(none.get(HotQueryServer).isListening).toBe(true);
    expectSameAnswers(none);
  });
});
