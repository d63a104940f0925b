import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { type Kit, type Actor, replicaSubject } from '@bleedkits/contracts';
import { GeoSearchSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { KitProjection } from '@bleedkits/geo-search';
import { NatsBus } from '@bleedkits/platform';
import { describedFetch } from '../../../test/described-answers';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';
import { startGeoReplica } from '../../../test/geo-replica';
import { seedKitsSql, traffordSites } from './testing/seed-kits';

jest.setTimeout(120_000);

const VIEWPORT = '/api/bleed-kits/public?north=53.48&south=53.36&east=-2.25&west=-2.45&zoom=12';
const NEARBY = '/api/bleed-kits/nearby?lat=53.42&lng=-2.33&radius=5&limit=50';
const CACHEABLE = 'public, max-age=10, stale-while-revalidate=30';
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

type Item = { id?: number; isCluster?: boolean; count?: number; locationName?: string };

/**
 * Acceptance (issue 17): viewport and nearby answers carry a strong ETag and a short public Cache-Control; If-None-Match
 * answers 304; an answer after a change of the public kits carries a new ETag, one after a change that leaves the map
 * as it was keeps it. The gateway answers hot requests from its own cache, keyed by the content geo-search announces.
 */
describe('finder answers cacheable by browsers, CDNs and the gateway (ETag, 304, Cache-Control)', () => {
  let stack: Stack;
  let bus: NatsBus;
  let geo: INestMicroservice | null = null;
  const admin: Actor = { id: randomUUID(), role: 'admin', email: 'admin@register.test' };
  const owner: Actor = { id: randomUUID(), role: 'user', email: 'owner@register.test' };

  const get = (path: string, headers: Record<string, string> = {}) => describedFetch(stack.baseUrl + path, { headers });

  async function startGeo(): Promise<void> {
    geo = await startGeoReplica(stack.nats.url);
  }

  async function register(lat: number, lng: number, name: string): Promise<Kit> {
    return bus.request(KitsSubjects.register, {
      actor: owner,
      kit: {
        serialNumber: 'ETAG-1',
        make: 'daniel_baird_foundation',
        locationType: 'unlocked_cabinet',
        locationName: name,
        addressLine1: '1 High Street',
        city: 'Altrincham',
        postcode: 'WA14 1EN',
        latitude: String(lat),
        longitude: String(lng),
        purchaseDate: '2025-01-10',
        expiryDate: '2028-01-10',
        custodianName: 'Cache Custodian',
        custodianPhone: '07700 900123',
        custodianEmail: 'cache@example.org',
      },
    });
  }

  beforeAll(async () => {
    stack = await startStack({ contexts: ['kits'] });
    bus = new NatsBus({ servers: stack.nats.url, name: 'finder-caching-test', requestTimeoutMs: 5000 });
    await bus.whenConnected();
    const sites = traffordSites();
    await seedKitsSql(
      stack.db.url,
      sites.map((s, i) => ({
        locationName: s.name,
        addressLine1: s.address,
        city: s.city,
        postcode: s.postcode,
        latitude: s.latitude,
        longitude: s.longitude,
        custodianName: `C${i}`,
        custodianEmail: `c${i}@private.example`,
        custodianPhone: '0161 555 0000',
        cabinetCode: null,
      })),
    );
    await startGeo();
  }, STACK_BOOT_TIMEOUT_MS);

  afterAll(async () => {
    await geo?.close();
    await bus?.close();
    await stack?.close();
  });

  it('gives viewport and nearby answers a strong ETag per variant and a short public Cache-Control; If-None-Match answers 304', async () => {
    for (const path of [VIEWPORT, NEARBY]) {
      const first = await get(path, GZIP);
      expect(first.status).toBe(200);
      expect((await first.json()).length).toBeGreaterThan(0);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+-gz"$/);
      expect(first.headers.get('cache-control')).toBe(CACHEABLE);
      expect(first.headers.get('vary')).toBe('Accept-Encoding');
      // The same request again: the same validator; with it, 304 and no body.
      const again = await get(path, GZIP);
      expect(again.headers.get('etag')).toBe(etag);
      const notModified = await get(path, { ...GZIP, 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(etag);
      expect(notModified.headers.get('cache-control')).toBe(CACHEABLE);
      expect(await notModified.text()).toBe('');
      expect((await get(path, { ...GZIP, 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      // The identity variant has its own validator: the gzip one does not match it.
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.headers.get('etag')).not.toBe(etag);
      expect((await get(path, { 'accept-encoding': 'identity', 'if-none-match': etag })).status).toBe(200);
      expect((await get(path, { 'accept-encoding': 'identity', 'if-none-match': plain.headers.get('etag')! })).status).toBe(304);
    }
    // A pan within the same map cells is the same answer, with the same validator.
    const panned = await get(VIEWPORT.replace('north=53.48', 'north=53.4801'), GZIP);
    expect(panned.headers.get('etag')).toBe((await get(VIEWPORT, GZIP)).headers.get('etag'));
    // Search depends on geocoders: not cached; errors are never stored.
    const search = await get('/api/bleed-kits/search?location=Altrincham', GZIP);
    expect(search.status).toBe(200);
    expect(search.headers.get('etag')).toBeNull();
    expect(search.headers.get('cache-control')).toBe('no-cache');
    const bad = await get('/api/bleed-kits/public?north=1&south=2&east=1&west=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('gives a new ETag once a change of the public kits is visible, and keeps it for a change that leaves the map as it was', async () => {
    const before = await get(VIEWPORT, GZIP);
    const oldEtag = before.headers.get('etag')!;
    const oldIds = ((await before.json()) as Item[]).map((i) => i.id);

    // A pending kit is not public: the map, and so the validator, stay as they were.
    const pending = await register(53.42, -2.33, 'Pending Etag Kit');
    const revision = pending.revision;
    await waitFor(() => geo!.get(KitProjection).revision >= revision);
    expect((await get(VIEWPORT, { ...GZIP, 'if-none-match': oldEtag })).status).toBe(304);

    await bus.request(KitsSubjects.approve, { actor: admin, kitId: pending.id });
    let after: Response;
    for (;;) {
      after = await get(VIEWPORT, GZIP);
      const items = (await after.clone().json()) as Item[];
      if (items.some((i) => i.id === pending.id) || items.reduce((n, i) => n + (i.isCluster ? i.count! : 1), 0) > oldIds.length) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const newEtag = after.headers.get('etag')!;
    expect(newEtag).not.toBe(oldEtag);
    expect((await get(VIEWPORT, { ...GZIP, 'if-none-match': oldEtag })).status).toBe(200);
    expect((await get(VIEWPORT, { ...GZIP, 'if-none-match': newEtag })).status).toBe(304);
    // Nearby answers after the change carry the new content's validator too.
    const nearby = await get(NEARBY, GZIP);
    expect(((await nearby.json()) as Item[]).map((k) => k.id)).toContain(pending.id);
  });

  it('asks geo-search once for a burst of the same new view, then answers it from the gateway alone, headers and all', async () => {
    const observer = await connect({ servers: stack.nats.url });
    let asked = 0;
    for (const subject of [GeoSearchSubjects.viewport, replicaSubject(GeoSearchSubjects.viewport, '*')])
      observer.subscribe(subject, { callback: () => void asked++ });
    await observer.flush();
    const view = '/api/bleed-kits/public?north=53.45&south=53.38&east=-2.28&west=-2.40&zoom=13';
    const burst = await Promise.all(Array.from({ length: 20 }, () => get(view, GZIP)));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = new Set(await Promise.all(burst.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    const kept = await Promise.all(Array.from({ length: 20 }, () => get(view, GZIP)));
    for (const r of kept) {
      expect(r.headers.get('etag')).toBe(burst[0].headers.get('etag'));
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe(CACHEABLE);
      expect(r.headers.get('content-encoding')).toBe('gzip');
      expect(await r.text()).toBe([...bodies][0]);
    }
    expect((await get(view, { ...GZIP, 'if-none-match': burst[0].headers.get('etag')! })).status).toBe(304);
    await observer.flush();
    expect(asked).toBe(1);
    await observer.close();
  });

  it('answers a hot request from the gateway itself while geo-search is away (within its TTL), and a new one 503', async () => {
    // Asked twice: the gateway keeps an answer from its second asking.
    await get(VIEWPORT, GZIP);
    const warm = await get(VIEWPORT, GZIP);
    const body = await warm.text();
    await geo!.close();
    geo = null;
    const hot = await get(VIEWPORT, GZIP);
    expect(hot.status).toBe(200);
    expect(await hot.text()).toBe(body);
    expect(hot.headers.get('etag')).toBe(warm.headers.get('etag'));
    const cold = await get('/api/bleed-kits/public?north=55&south=54&east=-1&west=-2&zoom=9', GZIP);
    expect(cold.status).toBe(503);
    // Without news from geo-search the gateway stops trusting what it holds.
    await new Promise((r) => setTimeout(r, 5500));
    expect((await get(VIEWPORT, GZIP)).status).toBe(503);
    await startGeo();
    expect((await get(VIEWPORT, GZIP)).status).toBe(200);
  });
});

async function waitFor(ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 25));
  }
}
