import { CUSTODIAN_STOP_API_PATH } from '@bleedkits/contracts';
import { exampleKit } from '../../test/example-kit';
import { HttpClient } from '../../test/http-client';
import { ADMIN, type Stack, startStack, STACK_BOOT_TIMEOUT_MS } from '../../test/stack-harness';
import {
  type DocumentedRoute,
  STATE_CHANGING,
  documentedRoutes,
  fillPath,
  inParallel,
  otherSpellings,
  rawRequest,
  tableFingerprints,
} from './testing/route-catalogue';

const password = 'Str0ng!pass';
const EVIL = 'https://evil.example';

/**
 * Acceptance 1 of the hardening issue. With an admin's cookie, no spelling of any state-changing route (nor of
 * the side-effecting GET /api/kit-status) does anything when the request comes from another site: 403 or 404,
 * and not a row changes. From the site itself, only the canonical spelling routes at all (strict, case-sensitive
 * router). Forms cannot reach any route: urlencoded and text/plain bodies answer 415 everywhere.
 */
describe('path spellings and form bodies', () => {
  let stack: Stack;
  let admin: HttpClient;
  let cookie: string;
  let kitId: number;
  let userId: string;
  let routes: DocumentedRoute[];

  beforeAll(async () => {
    stack = await startStack({ contexts: ['identity', 'kits'], gatewayEnv: { AUTH_MAX_REQUESTS_PER_CLIENT: '100000' } });
    admin = new HttpClient(stack.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    cookie = `bk.sid=${admin.sessionId}`;
    const owner = new HttpClient(stack.baseUrl);
    userId = (await owner.post('/api/auth/register', { email: 'owner@example.org', password, firstName: 'Olive', lastName: 'Owner' })).body.user.id;
    const kit = await owner.post('/api/bleed-kits', exampleKit());
    kitId = kit.body.id;
    expect(kit.body.status).toBe('pending');
    routes = await documentedRoutes(stack.baseUrl);
  }, STACK_BOOT_TIMEOUT_MS);
  afterAll(async () => stack?.close());

  /** The real path of a route, with the ids of real rows and the query that would change them. */
  const realPath = (r: DocumentedRoute) => {
    const values: Record<string, string> = { id: String(kitId), kitId: String(kitId), userId, status: 'active', value: 'daniel_baird_foundation' };
    const path = fillPath(r.template, values);
    const query = r.queryParams.map((p) => `${p}=${encodeURIComponent(values[p] ?? '1')}`).join('&');
    return query ? `${path}?${query}` : path;
  };
  /** A body that would change data if the request got through (a 400 would show that it did). */
  const damagingBody = (r: DocumentedRoute) =>
    JSON.stringify(
      (
        {
          '/api/admin/kit-edit': { kitId, data: { locationName: 'Hacked by path spelling', status: 'active' } },
          '/api/bleed-kits/{id}/deployment-status': { status: 'deployed', notes: 'hacked' },
          '/api/admin/bulk-approve': { kitIds: [kitId] },
          '/api/admin/user-management':
            r.method === 'POST' ? { action: 'toggle_role', userId } : { userId, firstName: 'Hacked', lastName: 'X', email: 'owner@example.org' },
          '/api/auth/profile': { firstName: 'Hacked', lastName: 'X', email: 'admin@register.test' },
          '/api/auth/login': ADMIN,
        } as Record<string, unknown>
      )[r.template] ?? {},
    );
  const guardedRoutes = () => routes.filter((r) => STATE_CHANGING.has(r.method) || r.template === '/api/kit-status');

  it('finds the state-changing routes and the side-effecting GET in the OpenAPI document', () => {
    const names = guardedRoutes().map((r) => `${r.method} ${r.template}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/kit-status',
        'PUT /api/admin/kit-edit',
        'POST /api/bleed-kits/{id}/deployment-status',
        'POST /api/auth/login',
        'POST /api/admin/bulk-approve',
      ]),
    );
    expect(names.length).toBeGreaterThan(25);
  });

  it('answers 403 or 404, and changes nothing, for every spelling of every guarded route from another site', async () => {
    const before = await tableFingerprints(stack.db.url, ['kits', 'identity']);
    const crossSite: Record<string, string>[] = [
      { origin: EVIL },
      { 'sec-fetch-site': 'cross-site' }, // a top-level navigation (GET) carries no Origin
      { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    ];
    const tasks = guardedRoutes().flatMap((r) => {
      const real = realPath(r);
      const spellings = [{ label: 'canonical', path: real }, ...otherSpellings(real)];
      const methods = r.method === 'GET' ? ['GET', 'HEAD'] : [r.method];
      return spellings.flatMap((s) =>
        methods.flatMap((method) =>
          crossSite.map((headers) => async () => {
            const res = await rawRequest(
              stack.baseUrl,
              method,
              s.path,
              { cookie, 'content-type': 'application/json', ...headers },
              method === 'GET' || method === 'HEAD' ? undefined : damagingBody(r),
            );
            return { call: `${method} ${s.path} (${s.label}, ${Object.keys(headers).join('+')})`, status: res.status };
          }),
        ),
      );
    });
    const answers = await inParallel(tasks);
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter((a) => a.status !== 403 && a.status !== 404)).toEqual([]);
    expect(await tableFingerprints(stack.db.url, ['kits', 'identity'])).toEqual(before);
    expect((await admin.get(`/api/bleed-kits/${kitId}`)).body.status).toBe('pending');
  });

  it('routes only the canonical spelling from the site itself (strict, case-sensitive router)', async () => {
    const before = await tableFingerprints(stack.db.url, ['kits', 'identity']);
    const tasks = guardedRoutes().flatMap((r) =>
      otherSpellings(realPath(r)).map((s) => async () => {
        const res = await rawRequest(
          stack.baseUrl,
          r.method,
          s.path,
          { cookie, origin: stack.baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          r.method === 'GET' ? undefined : damagingBody(r),
        );
        return { call: `${r.method} ${s.path} (${s.label})`, status: res.status };
      }),
    );
    const answers = await inParallel(tasks);
    expect(answers.filter((a) => a.status !== 404)).toEqual([]);
    expect(await tableFingerprints(stack.db.url, ['kits', 'identity'])).toEqual(before);
    // The canonical spelling does work from the site itself.
    const approve = await rawRequest(stack.baseUrl, 'GET', `/api/kit-status?id=${kitId}&status=active`, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(approve.status).toBe(200);
    expect((await admin.get(`/api/bleed-kits/${kitId}`)).body.status).toBe('active');
  });

  it('answers 415 to urlencoded and text/plain bodies on every route, and to multipart where no upload is declared', async () => {
    const before = await tableFingerprints(stack.db.url, ['kits', 'identity']);
    const forms: [string, string][] = [
      ['application/x-www-form-urlencoded', `kitId=${kitId}&data[locationName]=Hacked&status=active`],
      ['text/plain', `{"kitId":${kitId},"data":{"locationName":"Hacked"}}`],
      ['text/plain;charset=UTF-8', 'email=admin@register.test'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="status"\r\n\r\nactive\r\n--x--\r\n'],
    ];
    const tasks = routes.flatMap((r) =>
      forms
        .filter(([type]) => !(type.startsWith('multipart/') && r.consumesMultipart))
        // RFC 8058's one-click stop is a form post by design (custodian-mail-stop.e2e-spec.ts holds it to its rules).
        .filter(([type]) => !(type === 'application/x-www-form-urlencoded' && r.method === 'POST' && r.template === CUSTODIAN_STOP_API_PATH))
        .map(([type, body]) => async () => {
          const res = await rawRequest(
            stack.baseUrl,
            r.method,
            realPath(r),
            { cookie, origin: stack.baseUrl, 'sec-fetch-site': 'same-origin', 'content-type': type },
            body,
          );
          return { call: `${r.method} ${r.template} as ${type}`, status: res.status };
        }),
    );
    // An empty form post (no body at all) to a state-changing route is refused too.
    for (const r of guardedRoutes().filter((g) => g.method !== 'GET')) {
      tasks.push(async () => ({
        call: `${r.method} ${r.template} empty text/plain`,
        status: (await rawRequest(stack.baseUrl, r.method, realPath(r), { cookie, 'content-type': 'text/plain' }, '')).status,
      }));
    }
    const answers = await inParallel(tasks);
    expect(answers.length).toBeGreaterThan(routes.length * 3);
    expect(answers.filter((a) => a.status !== 415)).toEqual([]);
    expect(await tableFingerprints(stack.db.url, ['kits', 'identity'])).toEqual(before);
  });
});
