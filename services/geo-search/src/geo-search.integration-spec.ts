import type { INestMicroservice } from '@nestjs/common';
import { FinderMessages, GeoSearchWire, PRIVATE_KIT_FIELDS, viewportCells } from '@bleedkits/contracts';
import { GeoSearchSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { gunzipSync } from 'node:zlib';
import { NatsBus } from '@bleedkits/platform';
import { TEST_REDIS_URL, deleteRedisKeys, startTestService, testQueuePrefix } from '@bleedkits/platform/testing';
import { KitsModule, readKitsEnv } from '@bleedkits/kits';
import { CUSTODIAN, type GeoHarness, actor, kitAt, registerKit, startGeoSearch, waitFor } from '../test/geo-harness';
import { KitFeedFollower } from './projection/kit-feed-follower';
import { KitProjection } from './projection/kit-projection';
import type { Answer } from './queries/answer';
import { NearbyQueryHandler } from './queries/nearby/nearby.query';
import { ViewportQueryHandler } from './queries/viewport/viewport.query';
import { inRects, positionRects } from './spatial/public-kit-index';
import { decodeReply } from './transport/reply-frame';

const text = (a: Answer) => a.body.toString('utf8');

jest.setTimeout(30_000);

describe('geo-search over NATS with the real kits feed and Postgres', () => {
  let h: GeoHarness;
  let first: INestMicroservice;
  const owner = actor('user');
  const admin = actor('admin');
  const nearbyIds = async (lat: number, lng: number, radius = 1): Promise<number[]> =>
    (await h.ask(GeoSearchSubjects.nearby, { lat, lng, radius, limit: 1000 })).json.map((k: { id: number }) => k.id);
  /** Polls the public answer until `ok`, and fails the test when that takes more than a second. */
  const within1s = (ok: () => Promise<boolean>) => waitFor(ok, 1000, 25);

  beforeAll(async () => {
    h = await startGeoSearch();
    first = await h.startReplica();
  });
  afterAll(async () => h?.close());

  it('follows approve, edit (moved), publicDisplay off and on, delete, reject and reactivate, each within a second', async () => {
    const kit = await registerKit(h.bus, owner, kitAt(53.3872, -2.3494, { locationName: 'Follow Me' }));
    // Pending kits are not public.
    await new Promise((r) => setTimeout(r, 300));
    expect(await nearbyIds(53.3872, -2.3494)).not.toContain(kit.id);

    await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    await within1s(async () => (await nearbyIds(53.3872, -2.3494)).includes(kit.id));

    // An admin's move keeps the kit public at its new place.
    await h.bus.request(KitsSubjects.edit, {
      actor: admin,
      kitId: kit.id,
      data: { latitude: '53.4808', longitude: '-2.2426', city: 'Manchester', postcode: 'M1 1AE' },
    });
    await within1s(async () => (await nearbyIds(53.4808, -2.2426)).includes(kit.id) && !(await nearbyIds(53.3872, -2.3494)).includes(kit.id));

    await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: kit.id, data: { publicDisplay: false } });
    await within1s(async () => !(await nearbyIds(53.4808, -2.2426)).includes(kit.id));

    await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: kit.id, data: { publicDisplay: true } });
    await within1s(async () => (await nearbyIds(53.4808, -2.2426)).includes(kit.id));

    // An owner's move sends the kit back to review: it leaves the map.
    await h.bus.request(KitsSubjects.edit, { actor: owner, kitId: kit.id, data: { latitude: '53.4', longitude: '-2.3' } });
    await within1s(async () => !(await nearbyIds(53.4808, -2.2426)).includes(kit.id) && !(await nearbyIds(53.4, -2.3)).includes(kit.id));
    await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    await within1s(async () => (await nearbyIds(53.4, -2.3)).includes(kit.id));

    await h.bus.request(KitsSubjects.delete, { actor: owner, kitId: kit.id });
    await within1s(async () => !(await nearbyIds(53.4, -2.3)).includes(kit.id));

    const other = await registerKit(h.bus, owner, kitAt(53.39, -2.35, { locationName: 'Rejected Then Reactivated' }));
    await h.bus.request(KitsSubjects.reject, { actor: admin, kitId: other.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(await nearbyIds(53.39, -2.35)).not.toContain(other.id);
    await h.bus.request(KitsSubjects.reactivate, { actor: admin, kitId: other.id });
    await within1s(async () => (await nearbyIds(53.39, -2.35)).includes(other.id));
  });

  it('never carries a private field or value in the projection', async () => {
    const kit = await registerKit(h.bus, owner, kitAt(53.41, -2.36, { locationName: 'Private Check' }));
    await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    await within1s(async () => (await nearbyIds(53.41, -2.36)).includes(kit.id));
    for (const [subject, params] of [
      [GeoSearchSubjects.nearby, { lat: 53.41, lng: -2.36 }],
      [GeoSearchSubjects.viewport, { north: 54, south: 53, east: -2, west: -3, zoom: 12 }],
      [GeoSearchSubjects.search, { location: 'Altrincham' }],
    ] as const) {
      const reply = await h.ask(subject, params);
      expect(reply.ok).toBe(true);
      const body = reply.text;
      expect(body).toContain('Private Check');
      for (const field of PRIVATE_KIT_FIELDS) expect(body).not.toContain(`"${field}"`);
      for (const value of [...Object.values(CUSTODIAN), 'C-9731', owner.id, owner.email]) expect(body).not.toContain(value);
    }
  });

  it('answers a coded validation error with a message for every invalid parameter, never an internal one', async () => {
    const cases: [string, unknown, string][] = [
      [GeoSearchSubjects.viewport, { north: 'x', south: 1, east: 1, west: 0, zoom: 5 }, 'north must be a number.'],
      [GeoSearchSubjects.viewport, { north: 1, south: 2, east: 1, west: 0, zoom: 5 }, 'north must be greater than south.'],
      [GeoSearchSubjects.viewport, { north: 91, south: 2, east: 1, west: 0 }, 'north must be between -90 and 90.'],
      [GeoSearchSubjects.viewport, { north: 3, south: 2, east: 1, west: 0, zoom: 23 }, 'zoom must be between 0 and 22.'],
      [GeoSearchSubjects.viewport, { north: 3, south: 2, east: 1, west: 0, limit: 0 }, 'limit must be a whole number between 1 and 1000.'],
      [GeoSearchSubjects.nearby, { lat: 53, lng: 181 }, 'lng must be between -180 and 180.'],
      [GeoSearchSubjects.nearby, { lat: 53, lng: 1, radius: -1 }, 'radius must be more than 0 and at most 1000 km.'],
      [GeoSearchSubjects.nearby, null, 'lat is required.'],
      [GeoSearchSubjects.search, { location: '   ' }, FinderMessages.emptySearch],
    ];
    for (const [subject, params, message] of cases) {
      const reply = await h.ask(subject, params);
      expect({ params, error: reply.error }).toEqual({ params, error: { code: 'validation_failed', message, errors: [message] } });
    }
    // Not even JSON.
    const raw = decodeReply(await h.bus.requestRaw(GeoSearchSubjects.nearby, Buffer.from('{nope')));
    expect(raw).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
  });

  it('a replica started after 1,000 changes catches up (in parallel ranges) and answers exactly as the first one', async () => {
    const ids: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const created = await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const n = batch * 60 + i;
          return registerKit(
            h.bus,
            owner,
            kitAt(51 + (n % 30) * 0.05, -1.5 + Math.floor(n / 30) * 0.05, { locationName: `Bulk ${n}`, city: n % 2 ? 'Oddtown' : 'Eventown' }),
          );
        }),
      );
      ids.push(...created.map((k) => k.id));
    }
    await h.bus.request(KitsSubjects.bulkApprove, { actor: admin, kitIds: ids.slice(0, 450) });
    await h.bus.request(KitsSubjects.bulkApprove, { actor: admin, kitIds: ids.slice(450) });
    // 600 registrations + 600 approvals: 1,200 changes.
    // Small pages, so this replica reads the 1,200 changes as parallel ranges (four in flight) applied in order.
    const second = await h.startReplica({ GEO_FEED_PAGE_SIZE: '40' });
    const lastRevision = () => first.get(KitProjection).revision;
    await waitFor(() => second.get(KitProjection).revision >= lastRevision(), 5000);
    expect(second.get(KitProjection).size).toBe(first.get(KitProjection).size);
    expect(second.get(KitProjection).size).toBeGreaterThanOrEqual(600);

    const queries = [
      { north: 53, south: 50, east: 0, west: -3, zoom: 6, limit: 1000 },
      { north: 53, south: 50, east: 0, west: -3, zoom: 6, limit: 50 },
      { north: 51.5, south: 51, east: -1, west: -1.5, zoom: 11, limit: 100 },
      { north: 60, south: 49, east: -179, west: 179, zoom: 3, limit: 10 },
    ];
    for (const q of queries) expect(text(second.get(ViewportQueryHandler).handle(q))).toEqual(text(first.get(ViewportQueryHandler).handle(q)));
    for (const q of [
      { lat: 51.5, lng: -1, radius: 50, limit: 1000 },
      { lat: 51.2, lng: -1.2 },
    ]) {
      expect(text(second.get(NearbyQueryHandler).handle(q))).toEqual(text(first.get(NearbyQueryHandler).handle(q)));
    }
    const clustered = JSON.parse(text(first.get(ViewportQueryHandler).handle(queries[1])));
    expect(clustered.length).toBeLessThanOrEqual(50);
    // Answers are computed for the viewport rounded outwards to whole map cells: every kit of those cells is counted once.
    const rects = positionRects(viewportCells(queries[1]));
    const inBox = [...first.get(KitProjection).kits.values()].filter((e) => inRects(rects, e.x, e.y));
    expect(inBox.length).toBeGreaterThanOrEqual(600);
    expect(clustered.reduce((n: number, i: { count?: number }) => n + (i.count ?? 1), 0)).toBe(inBox.length);
    await second.close();
    h.replicas.splice(h.replicas.indexOf(second), 1);
    // Over the wire, a client that accepts gzip gets the same JSON gzipped: a viewport from its cache (compressed
    // once), nearby compressed for the one answer.
    const askGzip = { [GeoSearchWire.acceptEncodingHeader]: GeoSearchWire.gzip };
    for (const [subject, q] of [
      [GeoSearchSubjects.viewport, queries[0]],
      [GeoSearchSubjects.nearby, { lat: 51.5, lng: -1, radius: 50, limit: 1000 }],
    ] as const) {
      const payload = Buffer.from(JSON.stringify(q));
      const plain = decodeReply(await h.bus.requestRaw(subject, payload, 10_000));
      expect(plain).toMatchObject({ ok: true, gzip: false });
      for (let i = 0; i < 2; i++) {
        const zipped = decodeReply(await h.bus.requestRaw(subject, payload, 10_000, askGzip));
        expect(zipped).toMatchObject({ ok: true, gzip: true });
        expect(zipped.ok && plain.ok && gunzipSync(zipped.body).equals(Buffer.from(plain.body))).toBe(true);
      }
    }
  }, 60_000);

  it('a replica that hears no hints still catches up on its timer', async () => {
    const deaf = await h.startReplica({ GEO_CATCHUP_INTERVAL_MS: '700' });
    deaf.get(KitFeedFollower).stopListeningToHints();
    const kit = await registerKit(h.bus, owner, kitAt(52.2, 0.12, { locationName: 'Timer Only', city: 'Cambridge', postcode: 'CB2 1TN' }));
    await h.bus.request(KitsSubjects.approve, { actor: admin, kitId: kit.id });
    const visible = () => text(deaf.get(NearbyQueryHandler).handle({ lat: 52.2, lng: 0.12, radius: 1 })).includes('Timer Only');
    const took = await waitFor(visible, 3000);
    expect(took).toBeLessThan(700 + 1000);
    await deaf.close();
    h.replicas.splice(h.replicas.indexOf(deaf), 1);
  });

  it('is not ready and receives no query until its first index is built (ISSUE 16: readiness)', async () => {
    const { startTestNatsServer, startServiceProcess } = await import('@bleedkits/platform/testing');
    const lonelyNats = await startTestNatsServer();
    // Geo-search exactly as main.ts starts it, on a NATS where kits does not answer yet: no feed, no index.
    const geo = await startServiceProcess('geo-search', {
      NODE_ENV: 'test',
      DATABASE_URL: h.db.url,
      NATS_URL: lonelyNats.url,
      GEO_CATCHUP_INTERVAL_MS: '200',
      POSTCODES_IO_BASE_URL: 'off',
    });
    const bus = new NatsBus({ servers: lonelyNats.url, name: 'lonely', requestTimeoutMs: 2000 });
    await bus.whenConnected();
    const probe = (path: string) => fetch(`http://127.0.0.1:${geo.httpPort}${path}`);
    const viewport = () => bus.requestRaw(GeoSearchSubjects.viewport, Buffer.from('{"north":54,"south":53,"east":-2,"west":-3}'));
    let kits: INestMicroservice | undefined;
    const queuePrefix = testQueuePrefix();
    try {
      for (let i = 0; i < 5; i++) {
        const ready = await probe('/readyz');
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ error: { index: { status: 'down' } } });
        // Nobody in the queue group: the caller is told at once that no one answers (the gateway's 503).
        await expect(viewport()).rejects.toMatchObject({ body: { code: 'service_unavailable' } });
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await (await probe('/metrics')).text()).not.toMatch(/bk_nats_handler_seconds_count\{subject="geo-search\.qry\.viewport\.v1"/);

      kits = await startTestService(
        'kits',
        KitsModule.forRoot(
          readKitsEnv({
            NODE_ENV: 'test',
            DATABASE_URL: h.db.url,
            NATS_URL: lonelyNats.url,
            REDIS_URL: TEST_REDIS_URL,
            QUEUE_PREFIX: queuePrefix,
            POSTCODES_IO_BASE_URL: 'off',
          }),
        ),
        lonelyNats.url,
      );
      await waitFor(async () => (await probe('/readyz')).status === 200, 10_000);
      expect(decodeReply(await viewport()).ok).toBe(true);
      const metrics = await (await probe('/metrics')).text();
      expect(metrics).toMatch(/^bk_nats_handler_seconds_count\{subject="geo-search\.qry\.viewport\.v1",outcome="ok"\} 1$/m);
      expect(metrics).toMatch(/^bk_geo_index_kits \d+$/m);
      expect(metrics).toMatch(/^bk_geo_index_revision_lag 0$/m);
      expect(metrics).toMatch(/^bk_geo_viewport_cache_total\{result="miss"\} 1$/m);
    } finally {
      await bus.close();
      expect(await geo.kill('SIGTERM')).toBe(0);
      await kits?.close();
      await lonelyNats.stop();
      await deleteRedisKeys(queuePrefix);
    }
  }, 60_000);
});
