import {
  type AmbulanceFeedResponse,
  type ControlRoomKit,
  type CreateFeedClientResponse,
  FEED_CSV_COLUMNS,
  type FeedAccessLogResponse,
  type FeedClientListResponse,
  FeedClientMessages,
  FeedMessages,
  type FeedRecord,
  PRIVATE_KIT_FIELDS,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '../../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../../test/stack-harness';
import { SERVICE_PLACES, parseCsv, seedRegister } from './testing/seed-register';

const NW_KITS = 5000;
const RATE_LIMIT = 60;

type FeedAnswer = { status: number; body: AmbulanceFeedResponse; text: string; headers: Headers };

/**
 * Acceptance 2 of the ambulance-feed issue, over HTTP against the real stack: feed clients, paging 5,000 kits,
 * scopes, keys, ETags, the access log, formats, code-disclosed, the rate limit and the OpenAPI description.
 */
describe('ambulance-service feed', () => {
  let stack: Stack;
  let admin: HttpClient;
  let owner: HttpClient;
  let machine: HttpClient;
  let bus: NatsBus;
  let nwIds: number[];
  let outboxDir = '';
  const keys: Record<string, string> = {};
  const clients: Record<string, string> = {};
  /**
   * Every answer with kits to an ambulance-service key (any of them may carry codes): the access log must hold each
   * of them, and so every answer that carried a code.
   */
  const codeAnswers: { client: string; kits: number; codes: number }[] = [];

  const feed = async (name: string, query = '', headers: Record<string, string> = {}): Promise<FeedAnswer> => {
    const res = (await machine.get(`/api/ambulance-feed/v1/kits${query}`, { authorization: `Bearer ${keys[name]}`, ...headers })) as FeedAnswer;
    if (res.status === 200 && res.body?.records) {
      const kits = res.body.records.filter((r) => !r.withdrawn);
      if (kits.length && name !== 'responder')
        codeAnswers.push({ client: clients[name], kits: kits.length, codes: kits.filter((r) => r.cabinetCode).length });
    }
    return res;
  };
  const createClient = async (name: string, scope: string) => {
    const res = await admin.post('/api/admin/ambulance-feed/clients', { scope, label: `${name} CAD` });
    expect(res.status).toBe(201);
    const body = res.body as CreateFeedClientResponse;
    keys[name] = body.key;
    clients[name] = body.client.id;
    return body;
  };

  beforeAll(async () => {
    outboxDir = mkdtempSync(path.join(os.tmpdir(), 'feed-outbox-'));
    // Verification follows the kits feed and asks the notifications outbox for the custodian's restock e-mail.
    stack = await startStack({
      contexts: ['identity', 'kits', 'notifications', 'verification'],
      serviceEnv: { notifications: { OUTBOX_DIR: outboxDir }, verification: { VERIFICATION_CATCHUP_INTERVAL_MS: '500' } },
      gatewayEnv: { AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: String(RATE_LIMIT), NATS_REQUEST_TIMEOUT_MS: '5000' },
    });
    admin = new HttpClient(stack.baseUrl);
    owner = new HttpClient(stack.baseUrl);
    // A control room's CAD system: no cookies, no browser headers.
    machine = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect(
      (await owner.post('/api/auth/register', { email: 'feed-owner@example.org', password: 'Str0ng!pass', firstName: 'Kit', lastName: 'Owner' }))
        .status,
    ).toBe(201);
    nwIds = await seedRegister(stack.db.url, { count: NW_KITS, services: ['north_west'], hiddenEvery: 10, serialPrefix: 'NW' });
    await seedRegister(stack.db.url, { count: 700, services: ['london', 'welsh', 'yorkshire'], hiddenEvery: 10, serialPrefix: 'OTHER' });
    bus = new NatsBus({ servers: stack.nats.url, name: 'feed-test', requestTimeoutMs: 5000 });
    await bus.whenConnected();
  }, 120_000);
  afterAll(async () => {
    await bus?.close();
    await stack?.close();
    if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
  });

  it('lets admins create clients (the key shown once), list them without keys, and refuses a bad scope or label', async () => {
    const created = await createClient('nw', 'north_west');
    expect(created.key).toMatch(/^bkf_[A-Za-z0-9_-]{43}$/);
    expect(created.client).toMatchObject({
      scope: 'north_west',
      label: 'nw CAD',
      keyPrefix: created.key.slice(0, 10),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.message).toBe(FeedClientMessages.created);
    await createClient('london', 'london');
    await createClient('responder', 'responder_app');
    const list = (await admin.get('/api/admin/ambulance-feed/clients')).body as FeedClientListResponse;
    expect(list.clients.map((c) => c.scope).sort()).toEqual(['london', 'north_west', 'responder_app']);
    expect(JSON.stringify(list)).not.toContain(created.key);
    const { rows } = await stackQuery(`SELECT key_hash FROM kits.ambulance_feed_clients`);
    expect(rows.every((r: { key_hash: string }) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);

    const bad = await admin.post('/api/admin/ambulance-feed/clients', { scope: 'unknown', label: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([FeedClientMessages.scope, FeedClientMessages.labelRequired]));
    expect((await owner.post('/api/admin/ambulance-feed/clients', { scope: 'london', label: 'x' })).status).toBe(403);
    expect((await new HttpClient(stack.baseUrl).get('/api/admin/ambulance-feed/clients')).status).toBe(401);
  });

  it('pages 5,000 kits with limit=700: each exactly once, in revision order, a change made while paging on a later page', async () => {
    const seen: FeedRecord[] = [];
    let cursor = '0';
    let pages = 0;
    let changed: number | null = null;
    for (;;) {
      const page = await feed('nw', `?after=${cursor}&limit=700`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-next-cursor')).toBe(page.body.nextCursor);
      expect(page.body.records.length).toBeLessThanOrEqual(700);
      seen.push(...page.body.records);
      pages++;
      if (pages === 2) {
        // A kit already delivered on page 1 changes while the control room pages on.
        changed = (seen[5] as ControlRoomKit).id;
        expect((await admin.post(`/api/bleed-kits/${changed}/deployment-status`, { status: 'unchecked' })).status).toBe(200);
      }
      cursor = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    expect(pages).toBe(8);
    const revisions = seen.map((r) => r.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(new Set(revisions).size).toBe(revisions.length);
    const ids = seen.map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set(nwIds));
    expect(ids).toHaveLength(NW_KITS + 1);
    const twice = seen.filter((r) => r.id === changed) as ControlRoomKit[];
    expect(twice.map((r) => r.deploymentStatus)).toEqual(['available', 'unchecked']);
    expect(seen.indexOf(twice[1])).toBeGreaterThanOrEqual(1400);
  });

  it('never gives a north_west key a kit or a code of another service; hidden kits and codes are there', async () => {
    const page = await feed('nw', '?limit=5000');
    const records = page.body.records as ControlRoomKit[];
    expect(records).toHaveLength(NW_KITS);
    expect(records.every((r) => r.ambulanceService === 'north_west')).toBe(true);
    expect(page.text).not.toMatch(/CODE-(?!north_west-)/);
    expect(records.filter((r) => r.cabinetCode)).toHaveLength(NW_KITS / 2);
    expect(records.filter((r) => !r.shownOnPublicMap)).toHaveLength(NW_KITS / 10);
    const sample = records.find((r) => r.locationType === 'locked_cabinet')!;
    expect(Object.keys(sample).sort()).toEqual(
      [
        'id',
        'reference',
        'revision',
        'withdrawn',
        'locationName',
        'addressLine1',
        'addressLine2',
        'city',
        'postcode',
        'latitude',
        'longitude',
        'what3words',
        'detailedLocation',
        'locationType',
        'locationTypeLabel',
        'openingHours',
        'schedule',
        'cabinetCode',
        'ambulanceService',
        'shownOnPublicMap',
        'deploymentStatus',
        'lastVerifiedDate',
        'expiryDate',
        'updatedAt',
      ].sort(),
    );
    expect(sample).toMatchObject({ reference: `BCK-${sample.id}`, withdrawn: false, schedule: { is24x7: true }, expiryDate: '2028-01-01' });
    expect(typeof sample.latitude).toBe('number');
    const london = await feed('london', '?limit=5000');
    expect((london.body.records as ControlRoomKit[]).every((r) => r.ambulanceService === 'london')).toBe(true);
    expect(london.text).not.toMatch(/CODE-(?!london-)/);
  });

  it('gives the responder app every public kit nationwide, without any cabinet code or private field', async () => {
    const json = await feed('responder', '?limit=5000');
    const more = await feed('responder', `?limit=5000&after=${json.body.nextCursor}`);
    const records = [...json.body.records, ...more.body.records] as ControlRoomKit[];
    expect(more.body.hasMore).toBe(false);
    expect(records).toHaveLength((NW_KITS + 700) * 0.9);
    expect(new Set(records.map((r) => r.ambulanceService))).toEqual(new Set(['north_west', 'london', 'welsh', 'yorkshire']));
    expect(records.every((r) => r.shownOnPublicMap && !('cabinetCode' in r))).toBe(true);
    for (const text of [json.text, more.text]) {
      expect(text).not.toContain('CODE-');
      for (const field of [...PRIVATE_KIT_FIELDS, 'custodian']) expect(text).not.toContain(`"${field}`);
      expect(text).not.toContain('@example.org');
    }
    const csv = await feed('responder', '?limit=10&format=csv');
    expect(csv.text.split('\r\n')[0]).toBe(
      FEED_CSV_COLUMNS.map((c) => c.header)
        .filter((h) => h !== 'cabinetCode')
        .join(','),
    );
    expect(codeAnswers.filter((a) => a.client === clients.responder)).toEqual([]);
  });

  it('answers 401 alike for a revoked key, an unknown key and no key', async () => {
    const doomed = await createClient('doomed', 'welsh');
    expect((await feed('doomed', '?limit=1')).status).toBe(200);
    const revoked = await admin.delete(`/api/admin/ambulance-feed/clients/${doomed.client.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.client.revokedAt).not.toBeNull();
    const afterRevoke = await feed('doomed', '?limit=1');
    keys.unknown = `bkf_${'A'.repeat(43)}`;
    const unknown = await feed('unknown', '?limit=1');
    const none = await machine.get('/api/ambulance-feed/v1/kits');
    for (const res of [afterRevoke, unknown, none]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: FeedMessages.unauthorised });
    }
    expect(
      (await machine.post(`/api/ambulance-feed/v1/kits/${nwIds[0]}/code-disclosed`, {}, { authorization: `Bearer ${keys.doomed}` })).status,
    ).toBe(401);
    expect((await admin.delete(`/api/admin/ambulance-feed/clients/${doomed.client.id}`)).status).toBe(404);
  });

  it('answers 304 to If-None-Match while nothing changed, and the change once something did', async () => {
    const head = await feed('london', '?limit=5000');
    const cursor = head.body.nextCursor;
    const idle = await feed('london', `?after=${cursor}`);
    expect(idle.status).toBe(200);
    expect(idle.body).toEqual({ records: [], nextCursor: cursor, hasMore: false });
    const etag = idle.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await feed('london', `?after=${cursor}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A change elsewhere (another service) does not disturb London's 304.
    const nwKit = nwIds[10];
    expect((await admin.post(`/api/bleed-kits/${nwKit}/deployment-status`, { status: 'deployed' })).status).toBe(200);
    expect((await feed('london', `?after=${cursor}`, { 'if-none-match': etag })).status).toBe(304);

    const london = await register('london', 'Formula test');
    expect((await admin.get(`/api/kit-status?id=${london.id}&status=active`)).status).toBe(200);
    const changed = await feed('london', `?after=${cursor}`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.records.map((r) => r.id)).toEqual([london.id]);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('answers CSV (formula-neutralised, the same columns) and GeoJSON', async () => {
    const kit = await register('north_west', '=HYPERLINK("http://evil.example","Click")');
    expect((await admin.get(`/api/kit-status?id=${kit.id}&status=active`)).status).toBe(200);
    const revision = (await admin.get(`/api/bleed-kits/${kit.id}`)).body.revision as number;
    const cursor = String(revision - 1);
    const csv = await feed('nw', `?after=${cursor}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('x-next-cursor')).toBe(String(revision));
    const [row] = parseCsv(csv.text);
    expect(Object.keys(row)).toEqual(FEED_CSV_COLUMNS.map((c) => c.header));
    expect(row).toMatchObject({
      id: String(kit.id),
      reference: `BCK-${kit.id}`,
      withdrawn: 'no',
      cabinetCode: 'NW-SECRET',
      ambulanceService: 'north_west',
    });
    expect(row.locationName).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row.longitude).toBe(String(SERVICE_PLACES.north_west.lng));

    const geo = await feed('nw', `?after=${cursor}&format=geojson`);
    expect(geo.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    const fc = JSON.parse(geo.text);
    expect(fc).toMatchObject({ type: 'FeatureCollection', nextCursor: String(revision), hasMore: false });
    expect(fc.features[0]).toMatchObject({
      type: 'Feature',
      id: kit.id,
      geometry: { type: 'Point', coordinates: [SERVICE_PLACES.north_west.lng, SERVICE_PLACES.north_west.lat] },
      properties: { reference: `BCK-${kit.id}`, cabinetCode: 'NW-SECRET' },
    });
    // The CSV and GeoJSON answers carried a code too: count them for the access log.
    codeAnswers.push({ client: clients.nw, kits: 1, codes: 1 }, { client: clients.nw, kits: 1, codes: 1 });

    for (const bad of ['?after=abc', '?limit=0', '?limit=5001', '?format=xml']) expect((await feed('nw', bad)).status).toBe(400);
  });

  it('lists every answer that carried codes in the access log, one row per answer', async () => {
    const entries: FeedAccessLogResponse['data'] = [];
    for (let page = 1; ; page++) {
      const res = (await admin.get(`/api/admin/ambulance-feed/access-log?page=${page}&pageSize=50`)).body as FeedAccessLogResponse;
      entries.push(...res.data);
      if (page >= res.pagination.pageCount) break;
    }
    expect(entries.length).toBeGreaterThan(10);
    const summary = (xs: { client: string; kits: number; codes: number }[]) => xs.map((x) => `${x.client}:${x.kits}:${x.codes}`).sort();
    expect(summary(entries.map((e) => ({ client: e.clientId, kits: e.kitsReturned, codes: e.codesReturned })))).toEqual(summary(codeAnswers));
    expect(entries.every((e) => e.clientAddress && e.clientLabel.endsWith('CAD') && e.scope !== 'responder_app')).toBe(true);
    expect((await owner.get('/api/admin/ambulance-feed/access-log')).status).toBe(403);
  });

  it('marks a kit deployed when its own service reports its code given out, queues the custodian e-mail once, and refuses other keys', async () => {
    const kit = nwIds[1];
    const custodianEmail = (await admin.get(`/api/bleed-kits/${kit}`)).body.custodianEmail as string;
    // Verification knows the kit (as available) before it is deployed.
    await until(async () => (await stackQuery(`SELECT 1 FROM verification.kits WHERE id = ${kit} AND active`)).rowCount === 1);
    expect(
      (
        await machine.post(
          `/api/ambulance-feed/v1/kits/${kit}/code-disclosed`,
          { note: 'Caller at 14:05' },
          { authorization: `Bearer ${keys.london}` },
        )
      ).status,
    ).toBe(404);
    expect((await machine.post(`/api/ambulance-feed/v1/kits/${kit}/code-disclosed`, {}, { authorization: `Bearer ${keys.responder}` })).status).toBe(
      403,
    );
    const res = await machine.post(
      `/api/ambulance-feed/v1/kits/BCK-${kit}/code-disclosed`,
      { note: 'Caller at 14:05' },
      { authorization: `Bearer ${keys.nw}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: kit, reference: `BCK-${kit}`, deploymentStatus: 'deployed' });

    const stored = (await admin.get(`/api/bleed-kits/${kit}`)).body;
    expect(stored.deploymentStatus).toBe('deployed');
    expect(stored.deploymentNotes).toBe('Cabinet code given out by nw CAD (ambulance feed): Caller at 14:05');
    expect(stored.deploymentHistory.at(-1)).toMatchObject({ status: 'deployed', changedBy: clients.nw });
    // The public map's feed carries it (geo-search shows the kit as Deployed from this).
    const publicFeed = await bus.request(KitsSubjects.publicChanges, { afterRevision: stored.revision - 1, limit: 1 });
    expect(publicFeed.changes[0]).toMatchObject({ kitId: kit, kit: { deploymentStatus: 'deployed' } });
    // And the control rooms' feed.
    const after = await feed('nw', `?after=${stored.revision - 1}&limit=1`);
    expect(after.body.records[0]).toMatchObject({ id: kit, deploymentStatus: 'deployed' });

    // The custodian is asked to restock, through the notifications outbox, exactly once: a second report while
    // the kit is still deployed is kept in its history but asks for no second e-mail.
    const restock = `SELECT recipient FROM notifications.outbox WHERE template_id = 'kit_deployed_restock' AND idempotency_key LIKE 'kit_deployed_restock:kit:${kit}:%'`;
    await until(async () => (await stackQuery(restock)).rowCount! > 0, 20_000);
    expect((await machine.post(`/api/ambulance-feed/v1/kits/${kit}/code-disclosed`, {}, { authorization: `Bearer ${keys.nw}` })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2000));
    const { rows } = await stackQuery(restock);
    expect(rows).toHaveLength(1);
    expect(rows[0].recipient).toBe(custodianEmail);
  });

  it(`limits each key to AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE (${RATE_LIMIT}) requests a minute`, async () => {
    await createClient('busy', 'scottish');
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) statuses.push((await feed('busy', '?limit=1')).status);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const limited = await feed('busy', '?limit=1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: FeedMessages.rateLimited });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key keeps its own budget.
    expect((await feed('london', '?limit=1')).status).toBe(200);
  });

  it('is described completely in the OpenAPI document, with the bearer scheme', async () => {
    const doc = (await new HttpClient(stack.baseUrl).get('/api/docs/openapi.json')).body;
    expect(doc.components.securitySchemes['ambulance-feed-key']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const get = doc.paths['/api/ambulance-feed/v1/kits'].get;
    expect(get.security).toEqual([{ 'ambulance-feed-key': [] }]);
    expect(get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['If-None-Match', 'after', 'format', 'limit']);
    expect(Object.keys(get.responses).sort()).toEqual(['200', '304', '400', '401', '413', '415', '429', '431', '5XX']);
    expect(Object.keys(get.responses['200'].content).sort()).toEqual([
      'application/geo+json; charset=utf-8',
      'application/json; charset=utf-8',
      'text/csv; charset=utf-8',
    ]);
    expect(get.responses['200'].headers).toHaveProperty('ETag');
    const post = doc.paths['/api/ambulance-feed/v1/kits/{id}/code-disclosed'].post;
    expect(post.security).toEqual([{ 'ambulance-feed-key': [] }]);
    expect(Object.keys(post.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '415', '429', '431', '5XX']);
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.ControlRoomKitModel.properties)).toEqual(
      expect.arrayContaining(['reference', 'cabinetCode', 'schedule', 'latitude', 'lastVerifiedDate']),
    );
    expect(schemas.FeedWithdrawalModel.properties.reason.enum).toContain('moved_to_another_service');
    expect(schemas.FeedPageModel.properties.records.items.oneOf).toHaveLength(2);
    for (const path of ['/api/admin/ambulance-feed/clients', '/api/admin/ambulance-feed/clients/{id}', '/api/admin/ambulance-feed/access-log'])
      expect(doc.paths).toHaveProperty([path]);
  });

  async function until(check: () => Promise<boolean>, ms = 15_000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stackQuery(sql: string) {
    const { Client } = await import('pg');
    const db = new Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      return await db.query(sql);
    } finally {
      await db.end();
    }
  }

  let serial = 0;
  async function register(service: keyof typeof SERVICE_PLACES, locationName: string) {
    const p = SERVICE_PLACES[service];
    const res = await owner.post('/api/bleed-kits', {
      serialNumber: `FEED-${++serial}`,
      make: 'mere',
      locationType: 'locked_cabinet',
      cabinetCode: service === 'north_west' ? 'NW-SECRET' : `CODE-${service}-x`,
      locationName,
      addressLine1: '1 Market Street',
      city: p.city,
      postcode: p.postcode,
      latitude: String(p.lat),
      longitude: String(p.lng),
      purchaseDate: '2025-01-01',
      expiryDate: '2028-01-01',
      custodianName: 'Chris Custodian',
      custodianPhone: '01619125920',
      custodianEmail: 'chris@example.org',
    });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  }
});
