import { describedFetch } from '../../../test/described-answers';
import { type Stack, startStack } from '../../../test/stack-harness';
import { buildWebApp } from '../../web/testing/build-web-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What kubelet, Docker's HEALTHCHECK and Prometheus send: any type will do. */
const anyType = { accept: '*/*' };

/**
 * ISSUE 16, acceptance 3 (gateway): with the web app served, the probes and the metrics answer their own content to
 * `Accept: * / *`, the metrics only on the internal port, and readiness follows NATS.
 */
describe('the gateway probes with the web app served', () => {
  let stack: Stack;
  let web: Awaited<ReturnType<typeof buildWebApp>>;
  let management: string;
  beforeAll(async () => {
    web = await buildWebApp();
    stack = await startStack({ contexts: [], gatewayEnv: { SERVE_WEB: 'true', WEB_DIST_DIR: web.dir } });
    management = `http://127.0.0.1:${stack.gateway.managementPort}`;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    web?.remove();
  });
  /** The public port's answers are checked against the description; the internal port is no part of it. */
  const probe = (base: string, path: string) =>
    base === management ? fetch(`${management}${path}`, { headers: anyType }) : describedFetch(`${base}${path}`, { headers: anyType });

  it('answers /healthz and /readyz with their own JSON, never the app, on the public and the internal port', async () => {
    for (const base of [stack.baseUrl, management]) {
      const live = await probe(base, '/healthz');
      expect(live.status).toBe(200);
      expect(live.headers.get('content-type')).toMatch(/application\/json/);
      expect(await live.json()).toEqual({ status: 'up' });

      const ready = await probe(base, '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.headers.get('content-type')).toMatch(/application\/json/);
      expect(await ready.json()).toMatchObject({ status: 'ok', info: { nats: { status: 'up' }, redis: { status: 'up' } } });
    }
    // The app itself is served: a deep link gets index.html.
    const page = await describedFetch(`${stack.baseUrl}/account-settings`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
  });

  it('serves Prometheus metrics on the internal port only; the public port answers a 404, never the app', async () => {
    await describedFetch(`${stack.baseUrl}/api/health`, { headers: anyType });
    const metrics = await fetch(`${management}/metrics`, { headers: anyType });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await metrics.text();
    // Observed, not just declared: the request above is counted with its route.
    expect(text).toMatch(/^bk_http_request_seconds_count\{method="GET",route="\/api\/health"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);

    const publicMetrics = await describedFetch(`${stack.baseUrl}/metrics`, { headers: anyType });
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toMatch(/<html|bk_http_request/i);
    const unknownApi = await describedFetch(`${stack.baseUrl}/api/no-such-route`, { headers: anyType });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('turns not ready while NATS is stopped and ready again after, on both ports', async () => {
    const readyStatus = async (base: string) => (await probe(base, '/readyz')).status;
    await stack.nats.stop();
    try {
      let down = false;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline && !down; await sleep(200)) {
        down = (await readyStatus(management)) === 503;
      }
      expect(down).toBe(true);
      const body = await (await describedFetch(`${stack.baseUrl}/readyz`, { headers: anyType })).json();
      expect(body).toMatchObject({ status: 'error', error: { nats: { status: 'down' } } });
      // Alive all the same: a NATS outage is no reason to restart the gateway.
      expect((await fetch(`${management}/healthz`)).status).toBe(200);
    } finally {
      await stack.nats.start();
    }
    let up = false;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && !up; await sleep(200)) {
      up = (await readyStatus(management)) === 200 && (await readyStatus(stack.baseUrl)) === 200;
    }
    expect(up).toBe(true);
  }, 45_000);
});
