import type { INestMicroservice } from '@nestjs/common';
import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { FINDER, FinderMessages, PRIVATE_KIT_FIELDS, type ViewportQuery, mercatorX, mercatorY, viewportCells } from '@bleedkits/contracts';
import { type HttpPeer, startPostcodesIoPeer } from '@bleedkits/platform/testing';
import { checkDescribed, describedFetch } from '../../../test/described-answers';
import { HttpClient } from '../../../test/http-client';
import { type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../../test/stack-harness';
import { startGeoReplica } from '../../../test/geo-replica';
import { W3W_FAKE_KEY, fakeWhat3words } from './testing/provider-fakes';
import { type SeedKit, seedKitsSql, traffordSites } from './testing/seed-kits';

jest.setTimeout(60_000);

type Item = { id?: number; isCluster?: boolean; count?: number; latitude: number; longitude: number; distance?: number; locationName?: string };

const km = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
};

describe('finder routes over HTTP (gateway → geo-search → kits feed)', () => {
  let stack: Stack;
  let http: HttpClient;
  let geo: INestMicroservice | null = null;
  let lastRevision = 0;
  let postcodesIo: HttpPeer;
  let w3w: HttpPeer;
  const publicKits: SeedKit[] = [];
  const privateValues: string[] = [];
  const publicBodies: { path: string; text: string }[] = [];

  /** Every public answer is kept and scanned for private data at the end. */
  const get = async (path: string, headers?: Record<string, string>) => {
    const res = await http.get(path, headers);
    publicBodies.push({ path, text: res.text });
    return res;
  };

  async function useGeoSearch(env: Record<string, string> = {}): Promise<void> {
    await geo?.close();
    geo = null;
    geo = await startGeoReplica(stack.nats.url, env, { revision: lastRevision });
  }

  beforeAll(async () => {
    postcodesIo = await startPostcodesIoPeer({
      postcodes: { 'SW1A 1AA': { latitude: 51.501009, longitude: -0.141588 }, 'M1 1AE': { latitude: 53.4808, longitude: -2.2426 } },
      outcodes: { NE1: { latitude: 54.9733, longitude: -1.6139 } },
      places: { Didsbury: { latitude: 53.4167, longitude: -2.2311 } },
      failing: ['M33 7XX'],
    });
    w3w = await fakeWhat3words({ 'filled.count.soap': { lat: 51.520847, lng: -0.195521 }, 'index.home.raft': { lat: 53.384092, lng: -2.337856 } });
    stack = await startStack({ contexts: ['identity', 'kits'] });
    http = new HttpClient(stack.baseUrl);

    const sites = traffordSites();
    expect(sites.length).toBeGreaterThan(150);
    sites.forEach((s, i) => {
      const custodian = {
        custodianName: `Custodian Secretname${i}`,
        custodianEmail: `custodian${i}@private.example`,
        custodianPhone: `0161 555 ${String(i).padStart(4, '0')}`,
        cabinetCode: i % 2 ? `CAB-${i}-X` : null,
      };
      privateValues.push(
        custodian.custodianName,
        custodian.custodianEmail,
        custodian.custodianPhone,
        ...(custodian.cabinetCode ? [custodian.cabinetCode] : []),
      );
      publicKits.push({
        locationName: s.name,
        addressLine1: s.address,
        city: s.city,
        postcode: s.postcode,
        latitude: s.latitude,
        longitude: s.longitude,
        ...custodian,
      });
    });
    // A few thousand more, on a grid across Cheshire and Lancashire, to make the map cluster.
    for (let i = 0; i < 3000; i++) {
      publicKits.push({
        locationName: `Grid kit ${i}`,
        addressLine1: `${i} Grid Road`,
        city: 'Gridtown',
        postcode: `GR${1 + (i % 9)} ${1 + (i % 7)}AA`,
        latitude: 52.6 + Math.floor(i / 60) * 0.02,
        longitude: -3.4 + (i % 60) * 0.025,
        custodianName: 'Grid Custodian Hiddenname',
        custodianEmail: 'grid.custodian@private.example',
        custodianPhone: '0161 999 0000',
        cabinetCode: 'GRID-CODE-77',
      });
    }
    privateValues.push('Grid Custodian Hiddenname', 'grid.custodian@private.example', '0161 999 0000', 'GRID-CODE-77');
    const hidden: SeedKit[] = (['pending', 'rejected', 'hidden'] as const).flatMap((kind) =>
      [0, 1, 2].map((n) => ({
        locationName: `HIDDEN ${kind} ${n}`,
        addressLine1: 'Secret Lane',
        city: 'Altrincham',
        postcode: 'WA14 1EN',
        latitude: 53.3872 + n * 0.001,
        longitude: -2.3494,
        status: kind === 'hidden' ? 'active' : kind,
        publicDisplay: kind !== 'hidden',
        custodianName: 'Hidden Custodian',
        custodianEmail: 'hidden@private.example',
        custodianPhone: '0161 000 1111',
        cabinetCode: 'HID-1',
      })),
    );
    lastRevision = await seedKitsSql(stack.db.url, [...publicKits, ...hidden]);
    await useGeoSearch();
  }, STACK_BOOT_TIMEOUT_MS);

  afterAll(async () => {
    await geo?.close();
    await stack?.close();
    await postcodesIo?.close();
    await w3w?.close();
  });

  /** The kits of a viewport's answer: those in the map cells of 1/8 tile it touches (contracts: viewportCells). */
  const inCells = (q: Pick<ViewportQuery, 'north' | 'south' | 'east' | 'west' | 'zoom'>) => {
    const c = viewportCells(q);
    const cell = (v: number) => Math.min(2 ** c.level - 1, Math.floor(v * 2 ** c.level));
    return publicKits.filter((k) => {
      const x = cell(mercatorX(k.longitude));
      const y = cell(mercatorY(k.latitude));
      return y >= c.north && y <= c.south && (c.west <= c.east ? x >= c.west && x <= c.east : x >= c.west || x <= c.east);
    });
  };

  it('matches /public, /nearby and /search before GET /api/bleed-kits/:id (no sign-in needed)', async () => {
    expect((await get('/api/bleed-kits/public?north=53.5&south=53.3&east=-2.2&west=-2.5&zoom=12')).status).toBe(200);
    expect((await get('/api/bleed-kits/nearby?lat=53.4&lng=-2.35')).status).toBe(200);
    expect((await get('/api/bleed-kits/search?location=Altrincham')).status).toBe(200);
    // The kit route itself still needs a session.
    expect((await http.get('/api/bleed-kits/123')).status).toBe(401);
  });

  it('answers the kits themselves when the viewport holds no more than the limit', async () => {
    const q = { north: 53.46, south: 53.44, east: -2.3, west: -2.34, zoom: 15 };
    const res = await get(`/api/bleed-kits/public?north=${q.north}&south=${q.south}&east=${q.east}&west=${q.west}&zoom=${q.zoom}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const items = res.body as Item[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => !i.isCluster && typeof i.id === 'number')).toBe(true);
    expect(items.length).toBe(inCells(q).length);
  });

  it('respects the limit with clusters whose counts add up to the kits in the box, at any limit', async () => {
    const q = { north: 55, south: 52, east: -1, west: -4, zoom: 8 };
    const expected = inCells(q).length;
    expect(expected).toBe(publicKits.length);
    for (const limit of [1000, 200, 25, 3, 1]) {
      const res = await get(`/api/bleed-kits/public?north=${q.north}&south=${q.south}&east=${q.east}&west=${q.west}&zoom=${q.zoom}&limit=${limit}`);
      expect(res.status).toBe(200);
      const items = res.body as Item[];
      expect({ limit, n: items.length <= limit }).toEqual({ limit, n: true });
      expect(items.reduce((n, i) => n + (i.isCluster ? i.count! : 1), 0)).toBe(expected);
      for (const c of items.filter((i) => i.isCluster))
        expect(c).toEqual({
          isCluster: true,
          id: expect.any(String),
          count: expect.any(Number),
          latitude: expect.any(Number),
          longitude: expect.any(Number),
        });
    }
    // The default limit is 1000.
    const byDefault = (await get(`/api/bleed-kits/public?north=${q.north}&south=${q.south}&east=${q.east}&west=${q.west}&zoom=${q.zoom}`))
      .body as Item[];
    expect(byDefault.length).toBeLessThanOrEqual(FINDER.viewportLimit);
  });

  it('answers boxes across the antimeridian and outside the UK, empty', async () => {
    for (const path of [
      'north=60&south=50&east=-170&west=170&zoom=5',
      'north=-30&south=-40&east=20&west=10&zoom=5',
      'north=90&south=-90&east=180&west=-180&zoom=0&limit=5',
    ]) {
      const res = await get(`/api/bleed-kits/public?${path}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    expect((await get('/api/bleed-kits/public?north=60&south=50&east=-170&west=170&zoom=5')).body).toEqual([]);
    const world = (await get('/api/bleed-kits/public?north=90&south=-90&east=180&west=-180&zoom=0&limit=5')).body as Item[];
    expect(world.reduce((n, i) => n + (i.isCluster ? i.count! : 1), 0)).toBe(publicKits.length);
  });

  it('answers nearby kits within the radius, nearest first, distances to 2 decimals, capped by the limit', async () => {
    const [lat, lng] = [53.4255, -2.3299];
    const all = publicKits.filter((k) => km(lat, lng, k.latitude, k.longitude) <= 3);
    const res = await get(`/api/bleed-kits/nearby?lat=${lat}&lng=${lng}&radius=3&limit=1000`);
    expect(res.status).toBe(200);
    const kits = res.body as Item[];
    expect(kits.length).toBe(all.length);
    for (let i = 0; i < kits.length; i++) {
      expect(kits[i].distance).toBeLessThanOrEqual(3);
      expect(Math.round(kits[i].distance! * 100) / 100).toBe(kits[i].distance);
      expect(Math.abs(kits[i].distance! - km(lat, lng, kits[i].latitude, kits[i].longitude))).toBeLessThan(0.01);
      if (i) expect(kits[i].distance).toBeGreaterThanOrEqual(kits[i - 1].distance!);
    }
    const capped = (await get(`/api/bleed-kits/nearby?lat=${lat}&lng=${lng}&radius=50&limit=7`)).body as Item[];
    expect(capped.map((k) => k.id)).toEqual(kits.slice(0, 7).map((k) => k.id));
    // Default radius 25 km, default limit 100.
    expect(((await get(`/api/bleed-kits/nearby?lat=${lat}&lng=${lng}`)).body as Item[]).length).toBe(FINDER.nearbyDefaultLimit);
  });

  it('searches a registered postcode, outward code and town offline through the gazetteer', async () => {
    const site = publicKits.find((k) => k.postcode === 'WA15 8FH')!;
    for (const [location, label] of [
      ['wa15 8fh', 'WA15 8FH'],
      ['WA15', 'WA15'],
      ['altrincham', 'Altrincham'],
      ['  Sale ', 'Sale'],
    ] as const) {
      const res = await get(`/api/bleed-kits/search?location=${encodeURIComponent(location)}`);
      expect({ location, status: res.status }).toEqual({ location, status: 200 });
      const place = JSON.parse(res.headers.get('x-search-place')!);
      expect(place).toMatchObject({ label, source: 'gazetteer', lat: expect.any(Number), lng: expect.any(Number) });
      const kits = res.body as Item[];
      expect(kits.length).toBeGreaterThan(0);
      for (let i = 1; i < kits.length; i++) expect(kits[i].distance).toBeGreaterThanOrEqual(kits[i - 1].distance!);
      expect(kits[0].distance).toBeLessThanOrEqual(FINDER.nearbyRadiusKm);
    }
    const exact = (await get('/api/bleed-kits/search?location=WA15%208FH')).body as Item[];
    expect(exact[0]).toMatchObject({ locationName: site.locationName, distance: 0 });
  });

  it('answers 404 for an unknown place and 400 for empty text or invalid numbers', async () => {
    for (const location of ['ZZ99 9ZZ', 'Atlantis', 'QX1']) {
      const res = await get(`/api/bleed-kits/search?location=${encodeURIComponent(location)}`);
      expect({ location, status: res.status, body: res.body }).toEqual({ location, status: 404, body: { message: FinderMessages.placeNotFound } });
    }
    const bad: [string, string][] = [
      ['/api/bleed-kits/search?location=%20%20', FinderMessages.emptySearch],
      ['/api/bleed-kits/search', FinderMessages.emptySearch],
      ['/api/bleed-kits/public?north=abc&south=1&east=1&west=0', 'north must be a number.'],
      ['/api/bleed-kits/public?south=1&east=1&west=0', 'north is required.'],
      ['/api/bleed-kits/public?north=1&south=2&east=1&west=0', 'north must be greater than south.'],
      ['/api/bleed-kits/public?north=100&south=2&east=1&west=0', 'north must be between -90 and 90.'],
      ['/api/bleed-kits/public?north=3&south=2&east=200&west=0', 'east must be between -180 and 180.'],
      ['/api/bleed-kits/public?north=3&south=2&east=1&west=0&zoom=-1', 'zoom must be between 0 and 22.'],
      ['/api/bleed-kits/public?north=3&south=2&east=1&west=0&limit=1001', 'limit must be a whole number between 1 and 1000.'],
      ['/api/bleed-kits/public?north=3&south=2&east=1&west=0&limit=2.5', 'limit must be a whole number between 1 and 1000.'],
      ['/api/bleed-kits/public?north=3&north=4&south=2&east=1&west=0', 'north must be a number.'],
      ['/api/bleed-kits/nearby?lat=53&lng=Infinity', 'lng must be a number.'],
      ['/api/bleed-kits/nearby?lat=-91&lng=0', 'lat must be between -90 and 90.'],
      ['/api/bleed-kits/nearby?lat=53&lng=0&radius=0', 'radius must be more than 0 and at most 1000 km.'],
      ['/api/bleed-kits/nearby?lat=53&lng=0&limit=-5', 'limit must be a whole number between 1 and 1000.'],
      ['/api/bleed-kits/search?location=Sale&radius=x', 'radius must be a number.'],
    ];
    for (const [path, message] of bad) {
      const res = await get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { message, errors: [message] } });
    }
  });

  it('gzips large answers (level 1) for clients that accept it, and leaves small ones alone', async () => {
    const path = '/api/bleed-kits/nearby?lat=53.4255&lng=-2.3299&radius=25&limit=1000';
    const raw = await describedFetch(stack.baseUrl + path, { headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    const plain = await describedFetch(stack.baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();
    expect(JSON.parse(await raw.text())).toEqual(JSON.parse(plainText));
    const small = await describedFetch(stack.baseUrl + '/api/bleed-kits/nearby?lat=10&lng=10&radius=1', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual([]);
    // Brotli is never used, even when preferred.
    const br = await describedFetch(stack.baseUrl + path, { headers: { 'accept-encoding': 'br, gzip;q=0.5' } });
    expect(br.headers.get('content-encoding')).toBe('gzip');
    // On the wire: a real gzip stream of the same JSON.
    const wire = await new Promise<Buffer>((resolve, reject) =>
      httpGet(stack.baseUrl + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () =>
            checkDescribed(stack.baseUrl, 'GET', path, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }).then(
              () => resolve(Buffer.concat(chunks)),
              reject,
            ),
          )
          .on('error', reject);
      }).on('error', reject),
    );
    expect(wire.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(wire).toString('utf8')).toBe(plainText);
  });

  it('relays the gzip geo-search made: a cached viewport answers the same JSON gzipped or not, and search keeps its place header', async () => {
    const viewport = '/api/bleed-kits/public?north=53.6&south=53.3&east=-2.1&west=-2.6&zoom=12&limit=1000';
    const identity = await describedFetch(stack.baseUrl + viewport, { headers: { 'accept-encoding': 'identity' } });
    const identityText = await identity.text();
    expect(identity.headers.get('content-encoding')).toBeNull();
    // The first gzip ask compresses the cached answer; the next ones reuse it.
    for (let i = 0; i < 3; i++) {
      const gz = await describedFetch(stack.baseUrl + viewport, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('vary')).toBe('Accept-Encoding');
      expect(await gz.text()).toBe(identityText);
    }
    const search = await describedFetch(stack.baseUrl + '/api/bleed-kits/search?location=Sale', { headers: { 'accept-encoding': 'gzip' } });
    expect(search.status).toBe(200);
    expect(JSON.parse(search.headers.get('x-search-place')!)).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    expect((await search.json()).length).toBeGreaterThan(0);
  });

  it('what3words without a key answers no_api_key, and validates its input', async () => {
    expect((await get('/api/what3words/convert-to-coordinates?words=filled.count.soap')).body).toEqual({
      status: 'no_api_key',
      message: expect.any(String),
    });
    expect((await get('/api/what3words/convert-to-3wa?lat=51.52&lng=-0.19')).body).toEqual({ status: 'no_api_key', message: expect.any(String) });
    expect((await get('/api/what3words/convert-to-coordinates?words=%20')).body).toEqual({ message: FinderMessages.emptyWhat3words });
    const bad = await get('/api/what3words/convert-to-3wa?lat=95&lng=0');
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { message: 'lat must be between -90 and 90.' } });
  });

  it('uses postcodes.io (a local fake) for places the gazetteer does not know, and survives its failures', async () => {
    // Its failures are answers (500, 404), never waits: a timeout the busy test machine always meets.
    await useGeoSearch({ POSTCODES_IO_BASE_URL: postcodesIo.url, GEOCODING_TIMEOUT_MS: '5000' });
    const cases: [string, number, string][] = [
      ['SW1A 1AA', 200, 'SW1A 1AA'],
      ['m1 1ae', 200, 'M1 1AE'],
      ['ne1', 200, 'NE1'],
      ['didsbury', 200, 'Didsbury'],
    ];
    for (const [location, status, label] of cases) {
      const res = await get(`/api/bleed-kits/search?location=${encodeURIComponent(location)}`);
      expect({ location, status: res.status }).toEqual({ location, status });
      expect(JSON.parse(res.headers.get('x-search-place')!)).toMatchObject({ label, source: 'postcodes.io' });
    }
    expect(postcodesIo.calls).toEqual(expect.arrayContaining(['/postcodes/SW1A%201AA', '/outcodes/NE1', '/places?q=didsbury&limit=1']));
    // A registered postcode never leaves the register.
    const before = postcodesIo.calls.length;
    expect((await get('/api/bleed-kits/search?location=WA15%208FH')).status).toBe(200);
    expect(postcodesIo.calls.length).toBe(before);
    // Unknown to postcodes.io → 404; postcodes.io failing → the gazetteer's outward code of the postcode.
    expect((await get('/api/bleed-kits/search?location=ZZ99%209ZZ')).status).toBe(404);
    const failing = await get('/api/bleed-kits/search?location=M33%207XX');
    expect(failing.status).toBe(200);
    expect(JSON.parse(failing.headers.get('x-search-place')!)).toMatchObject({ label: 'M33', source: 'gazetteer' });
  });

  it('what3words with a key converts both ways against a local fake of its v3 API, and reports provider errors', async () => {
    await useGeoSearch({ W3W_API_KEY: W3W_FAKE_KEY, W3W_BASE_URL: `${w3w.url}/v3` });
    expect((await get('/api/what3words/convert-to-coordinates?words=filled.count.soap')).body).toEqual({
      status: 'success',
      coordinates: { lat: 51.520847, lng: -0.195521 },
    });
    expect((await get('/api/what3words/convert-to-3wa?lat=53.384092&lng=-2.337856')).body).toEqual({ status: 'success', words: 'index.home.raft' });
    const badWords = await get('/api/what3words/convert-to-coordinates?words=not.real.words');
    expect(badWords.body).toEqual({ status: 'api_error', message: expect.stringContaining('3 word address') });
    await useGeoSearch({ W3W_API_KEY: 'wrong-key', W3W_BASE_URL: `${w3w.url}/v3` });
    expect((await get('/api/what3words/convert-to-3wa?lat=53.384092&lng=-2.337856')).body).toEqual({
      status: 'api_error',
      message: 'Authentication failed; invalid API key',
    });
    await useGeoSearch({ W3W_API_KEY: W3W_FAKE_KEY, W3W_BASE_URL: 'http://127.0.0.1:9/v3', W3W_TIMEOUT_MS: '300' });
    expect((await get('/api/what3words/convert-to-coordinates?words=filled.count.soap')).body).toEqual({
      status: 'api_error',
      message: expect.any(String),
    });
  });

  it('never shows a private field, value or non-public kit in any public answer', async () => {
    expect(publicBodies.length).toBeGreaterThan(40);
    const everything = publicBodies.map((b) => b.text).join('\n');
    const kitAnswers = publicBodies
      .filter((b) => b.path.startsWith('/api/bleed-kits/'))
      .map((b) => b.text)
      .join('\n');
    for (const field of PRIVATE_KIT_FIELDS) expect(everything).not.toContain(`"${field}"`);
    for (const field of ['hasCabinetCode', 'serialNumber', 'status', 'publicDisplay', 'manuallyChecked', 'revision'])
      expect(kitAnswers).not.toContain(`"${field}"`);
    for (const value of [...privateValues, 'Hidden Custodian', 'hidden@private.example', 'HID-1', 'HIDDEN ']) expect(everything).not.toContain(value);
  });

  it('answers 503 when geo-search is not running', async () => {
    await geo?.close();
    geo = null;
    // A view not asked before: one the gateway holds it answers itself while the index it knows is current.
    const res = await http.get('/api/bleed-kits/public?north=54.5&south=54.3&east=-1.2&west=-1.5&zoom=12');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.any(String), errorId: expect.any(String) });
  });
});
