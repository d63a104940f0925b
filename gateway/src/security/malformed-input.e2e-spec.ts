import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exampleKit } from '../../test/example-kit';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack } from '../../test/stack-harness';
import {
  type DocumentedRoute,
  type RawAnswer,
  documentedRoutes,
  fillPath,
  inParallel,
  rawRequest,
  tableFingerprints,
} from './testing/route-catalogue';

const password = 'Str0ng!pass';
const NOWHERE = 'http://127.0.0.1:9';

/** A value nested `depth` levels deep, as JSON text (built as text: JSON.stringify would recurse). */
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const KB95 = 'x'.repeat(95_000);
const TEN_MB = '10 MB body';
const MANY_PARAMS = Array.from({ length: 5000 }, (_, i) => `p${i}=${i}`).join('&');

/** Values of the wrong type (or an impossible value) for any field. */
const WRONG_VALUES: [string, unknown][] = [
  ['an array', ['a', 'b']],
  ['an object', { a: 1, __proto__: { admin: true } }],
  ['a number', 12345],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a boolean', true],
  ['null', null],
  ['text with NUL', 'a\u0000b'],
  ['95 KB of text', KB95],
  ['a nested array', [[['deep']]]],
];
/** Fields whose name says they hold a date also get the year 0000 (Postgres has none: it once answered 500). */
const DATE_FIELD = /date|due|expiry|(At|On)$/i;

type Probe = { label: string; method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

/**
 * Acceptance 4 of the hardening issue: a corpus of malformed input fired at every route the gateway documents
 * (enumerated from its OpenAPI document, so routes added later are covered too), signed in as an admin so the
 * guards let each request reach its validation. Only 4xx may come back, never a 5xx, and not a row of the
 * register's kits or users changes.
 */
describe('a malformed-input corpus at every route', () => {
  let stack: Stack;
  let routes: DocumentedRoute[];
  let cookie = '';
  const outbox = mkdtempSync(path.join(tmpdir(), 'bk-corpus-'));

  const signIn = async () => {
    const admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    cookie = `bk.sid=${admin.sessionId}`;
  };
  /** A corpus item may be a valid logout (any JSON body is): sign in again before each route's batch. */
  const ensureSignedIn = async () => {
    if ((await rawRequest(stack.baseUrl, 'GET', '/api/auth/user', { cookie })).status !== 200) await signIn();
  };

  beforeAll(async () => {
    stack = await startStack({
      serviceEnv: {
        kits: { POSTCODES_IO_BASE_URL: 'off' },
        imports: { POSTCODES_IO_BASE_URL: 'off' },
        notifications: { OUTBOX_DIR: path.join(outbox, 'mail') },
        // Connect Dropbox configured against a closed port, so its routes run their real code (unset, they answer 503).
        backups: {
          BACKUP_DIR: path.join(outbox, 'backups'),
          DROPBOX_API_URL: NOWHERE,
          DROPBOX_CONTENT_URL: NOWHERE,
          DROPBOX_APP_KEY: 'corpus-app',
        },
      },
      gatewayEnv: {
        // Limits that would answer 429 before validation are lifted: the corpus is about what validation does.
        AUTH_MAX_REQUESTS_PER_CLIENT: '1000000',
        CONTACT_MAX_MESSAGES_PER_CLIENT: '1000000',
        LOGIN_FREE_FAILURES_PER_CLIENT: '1000000',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
        AMBULANCE_FEED_MAX_REQUESTS_PER_MINUTE: '1000000',
        NATS_REQUEST_TIMEOUT_MS: '15000',
        HEALTH_TIMEOUT_MS: '10000',
        // Google sign-in configured against a closed port, so its routes run their real code.
        GOOGLE_CLIENT_ID: 'corpus-client',
        GOOGLE_CLIENT_SECRET: 'corpus-secret',
        GOOGLE_TOKEN_URL: `${NOWHERE}/token`,
        GOOGLE_USERINFO_URL: `${NOWHERE}/userinfo`,
      },
    });
    await signIn();
    const owner = new HttpClient(stack.baseUrl);
    await owner.post('/api/auth/register', { email: 'owner@example.org', password, firstName: 'Olive', lastName: 'Owner' });
    const kit = await owner.post('/api/bleed-kits', exampleKit());
    expect(kit.status).toBe(201);
    // Every context answers, geo-search has read the feed and made its offline snapshot (until then its routes answer
    // 503 with Retry-After by design).
    for (let i = 0; i < 120; i++) {
      const [health, finder, snapshot] = await Promise.all([
        rawRequest(stack.baseUrl, 'GET', '/api/health'),
        rawRequest(stack.baseUrl, 'GET', '/api/bleed-kits/nearby?lat=53.38&lng=-2.34'),
        rawRequest(stack.baseUrl, 'GET', '/api/bleed-kits/public-snapshot'),
      ]);
      if (health.status === 200 && finder.status === 200 && snapshot.status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    routes = await documentedRoutes(stack.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  /** The probes of one route: its body, its fields, its path parameters and its query. */
  function probesOf(r: DocumentedRoute): Probe[] {
    const path = fillPath(r.template, Object.fromEntries(r.pathParams.map((p) => [p, '999999'])));
    const json = { 'content-type': 'application/json' };
    const probes: Probe[] = [
      { label: '10,000-deep JSON array', method: r.method, path, headers: json, body: deepArray(10_000) },
      { label: '10,000-deep JSON object', method: r.method, path, headers: json, body: deepObject(10_000) },
      { label: TEN_MB, method: r.method, path, headers: json, body: Buffer.alloc(10 * 1024 * 1024, 0x20) },
      { label: 'Content-Encoding: br', method: r.method, path, headers: { ...json, 'content-encoding': 'br' }, body: '{"a":1}' },
      { label: 'Content-Encoding: gzip', method: r.method, path, headers: { ...json, 'content-encoding': 'gzip' }, body: 'not gzip' },
      {
        label: '5,000 urlencoded parameters',
        method: r.method,
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: MANY_PARAMS,
      },
      { label: 'text/plain', method: r.method, path, headers: { 'content-type': 'text/plain' }, body: '{"a":1}' },
      {
        label: 'a charset JSON is never in',
        method: r.method,
        path,
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: '{"a":1}',
      },
      { label: 'broken JSON', method: r.method, path, headers: json, body: '{"a":' },
      { label: 'NUL in a JSON string', method: r.method, path, headers: json, body: '{"a":"x\\u0000y"}' },
      { label: 'NUL in a JSON key', method: r.method, path, headers: json, body: '{"a\\u0000":1}' },
      { label: 'a JSON string, not an object', method: r.method, path, headers: json, body: '"text"' },
      { label: 'JSON null', method: r.method, path, headers: json, body: 'null' },
      { label: 'a JSON array', method: r.method, path, headers: json, body: '[1,2,3]' },
      {
        label: '__proto__ pollution',
        method: r.method,
        path,
        headers: json,
        body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}',
      },
    ];
    for (const field of r.bodyFields) {
      const values = [...WRONG_VALUES, ...(DATE_FIELD.test(field.name) ? ([['year 0000', '0000-01-01']] as [string, unknown][]) : [])];
      for (const [what, value] of values)
        probes.push({ label: `${field.name} as ${what}`, method: r.method, path, headers: json, body: JSON.stringify({ [field.name]: value }) });
      for (const nested of field.nested) {
        const nestedValues = [...WRONG_VALUES, ...(DATE_FIELD.test(nested) ? ([['year 0000', '0000-01-01']] as [string, unknown][]) : [])];
        for (const [what, value] of nestedValues) {
          probes.push({
            label: `${field.name}.${nested} as ${what}`,
            method: r.method,
            path,
            headers: json,
            body: JSON.stringify({ kitId: 999999, [field.name]: { [nested]: value } }),
          });
        }
      }
    }
    for (const param of r.pathParams) {
      for (const value of ['0', '-1', 'abc', '99999999999999999999', '1e400', '%00', '%E0%A4%A', 'x'.repeat(5000), '..%2F..%2Fadmin', '%2e%2e']) {
        probes.push({
          label: `path ${param}=${value.slice(0, 20)}`,
          method: r.method,
          path: fillPath(r.template, { ...Object.fromEntries(r.pathParams.map((p) => [p, '999999'])), [param]: value }),
        });
      }
    }
    // Query input: the documented parameters of any route; on reading routes also names handlers commonly read.
    const queryNames = [...new Set([...r.queryParams, ...(r.method === 'GET' ? ['id', 'code', 'state', 'page', 'after', 'limit'] : [])])];
    for (const name of queryNames) {
      const values: [string, string][] = [
        ['repeated (an array)', `${name}=1&${name}=2`],
        ['95 KB', `${name}=${'x'.repeat(8_000)}`],
        ['NUL', `${name}=a%00b`],
        ['year 0000', `${name}=0000-01-01`],
        ['bracketed (an object)', `${name}[a]=1&${name}[b]=2`],
        ['malformed encoding', `${name}=%E0%A4%A`],
        ['negative', `${name}=-1`],
        ['huge', `${name}=1e400`],
      ];
      for (const [what, query] of values) probes.push({ label: `query ${name} ${what}`, method: r.method, path: `${path}?${query}` });
    }
    if (queryNames.length) probes.push({ label: 'query with 5,000 parameters', method: r.method, path: `${path}?${MANY_PARAMS}` });
    return probes;
  }

  it('enumerates the documented routes, the ones other contexts add included', () => {
    const names = routes.map((r) => `${r.method} ${r.template}`);
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/auth/register', 'PUT /api/admin/kit-edit', 'GET /api/kit-status', 'GET /api/bleed-kits/public']),
    );
    expect(routes.length).toBeGreaterThan(45);
  });

  it('answers every malformed request with a 4xx (or the route ignores it), never a 5xx, and stores nothing', async () => {
    const before = await tableFingerprints(stack.db.url, ['kits', 'identity']);
    const failures: { route: string; probe: string; status: number; body: string }[] = [];
    let sent = 0;
    let resets = 0;
    let tooLarge = 0;
    // The logout route last, so its valid calls end the admin's session only once nothing else needs it.
    const ordered = [...routes].sort(
      (a, b) => Number(a.template === '/api/auth/user' && a.method === 'POST') - Number(b.template === '/api/auth/user' && b.method === 'POST'),
    );
    for (const r of ordered) {
      await ensureSignedIn();
      const answers = await inParallel(
        probesOf(r).map((p) => async (): Promise<[Probe, RawAnswer]> => {
          const headers = { cookie, origin: stack.baseUrl, 'sec-fetch-site': 'same-origin', ...p.headers };
          try {
            return [p, await rawRequest(stack.baseUrl, p.method, p.path, headers, p.body)];
          } catch (e) {
            return [p, { status: 0, text: String(e), headers: {} }];
          }
        }),
        6,
      );
      sent += answers.length;
      for (const [p, a] of answers) {
        // A server may close the connection as soon as Content-Length exceeds the limit; the client, still writing
        // the 10 MB, can then see the reset before it reads the 413. That is a refusal too, not a 5xx.
        if (p.label === TEN_MB && a.status === 0 && /ECONNRESET|EPIPE/.test(a.text)) resets++;
        else if (p.label === TEN_MB && a.status === 413) tooLarge++;
        else if (a.status >= 500 || a.status === 0)
          failures.push({ route: `${r.method} ${r.template}`, probe: p.label, status: a.status, body: a.text.slice(0, 200) });
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Most 10 MB bodies are answered 413 (the finder's map calls ignore a GET's body and answer the query).
    expect(tooLarge).toBeGreaterThan(routes.length / 2);
    expect(resets).toBeLessThan(tooLarge);
    expect(await tableFingerprints(stack.db.url, ['kits', 'identity'])).toEqual(before);
  }, 600_000);

  it('refuses each corpus item at the door with the status that names it', async () => {
    await ensureSignedIn();
    const at = (method: string, p: string, headers: Record<string, string>, body?: string | Buffer) =>
      rawRequest(stack.baseUrl, method, p, { cookie, origin: stack.baseUrl, 'sec-fetch-site': 'same-origin', ...headers }, body).then(
        (a) => a.status,
      );
    const json = { 'content-type': 'application/json' };
    expect(await at('POST', '/api/auth/register', json, deepArray(10_000))).toBe(400);
    expect(await at('PUT', '/api/admin/kit-edit', json, JSON.stringify({ kitId: 1, data: JSON.parse(deepObject(40)) }))).toBe(400);
    expect(await at('POST', '/api/bleed-kits', json, Buffer.alloc(10 * 1024 * 1024, 0x20))).toBe(413);
    expect(await at('POST', '/api/auth/login', { ...json, 'content-encoding': 'br' }, '{}')).toBe(415);
    expect(await at('POST', '/api/auth/login', { 'content-type': 'application/x-www-form-urlencoded' }, MANY_PARAMS)).toBe(415);
    expect(await at('POST', '/api/auth/login', json, '{"email":"a@b.org","password":"x\\u0000"}')).toBe(400);
    expect(await at('POST', '/api/bleed-kits', json, JSON.stringify({ serialNumber: ['a', 'b'] }))).toBe(400);
    expect(
      await at('PUT', '/api/auth/profile', json, JSON.stringify({ firstName: 'A', lastName: 'B', email: 'admin@register.test', role: 'admin' })),
    ).toBe(400);
    expect(await at('GET', '/api/kit-status?id=1&id=2&status=active', {})).toBe(400);
  });
});
