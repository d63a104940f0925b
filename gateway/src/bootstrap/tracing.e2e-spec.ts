import { randomBytes } from 'node:crypto';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import {
  type OtlpReceiver,
  type ServiceProcess,
  type TestBed,
  createTestBed,
  startOtlpReceiver,
  startServiceProcess,
} from '@bleedkits/platform/testing';
import { IdentityModule, readIdentityEnv } from '@bleedkits/identity';
import { HttpClient } from '../../test/http-client';
import { type GatewayProcess, startGatewayProcess } from './testing/gateway-process';
import { exampleKit } from '../../test/example-kit';

const password = 'Tr4ce!Password';

const waitFor = async (ok: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * ISSUE 16, acceptance 2: one POST /api/bleed-kits produces spans from the gateway, the kits service and its SQL
 * under one trace id, exported over OTLP/HTTP to a real receiver and flushed by the processes' SIGTERM path; the
 * gateway's access log line carries the same trace id and no cookie or password.
 */
describe('one trace from the HTTP request to the SQL', () => {
  let bed: TestBed;
  let receiver: OtlpReceiver;
  let kits: ServiceProcess;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    bed = await createTestBed('tracing-test');
    receiver = await startOtlpReceiver();
    // Identity answers the session lookups in-process (its spans are not the point here).
    await bed.start('identity', IdentityModule.forRoot(readIdentityEnv(bed.env)));
    kits = await startServiceProcess('kits', { ...bed.env, POSTCODES_IO_BASE_URL: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    gateway = await startGatewayProcess({
      NATS_URL: bed.env.NATS_URL,
      REDIS_URL: bed.env.REDIS_URL,
      REDIS_KEY_PREFIX: `bk-test-${randomBytes(4).toString('hex')}:`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    });
  }, 90_000);
  afterAll(async () => {
    await gateway?.kill('SIGKILL');
    await kits?.kill('SIGKILL');
    await receiver?.close();
    await bed?.close();
  });

  it('links the gateway span, the NATS hop in kits and the INSERT in one trace', async () => {
    const browser = new HttpClient(gateway.baseUrl);
    expect(
      (await browser.post('/api/auth/register', { email: 'tracer@example.org', password, firstName: 'Tra', lastName: 'Cer' })).status,
    ).toBeLessThan(300);
    expect((await browser.post('/api/auth/login', { email: 'tracer@example.org', password })).status).toBe(200);
    const created = await browser.post(
      '/api/bleed-kits',
      exampleKit({ serialNumber: 'TRACE-0001', locationType: 'locked_cabinet', cabinetCode: 'C-7777', locationName: 'Traced Library' }),
    );
    expect(created.status).toBe(201);

    // The exporters batch for seconds; the SIGTERM path flushes them before the processes exit.
    expect(await gateway.kill('SIGTERM')).toBe(0);
    expect(await kits.kill('SIGTERM')).toBe(0);

    const gatewaySpan = () =>
      receiver
        .spans()
        .find(
          (s) =>
            s.service === 'gateway' &&
            s.kind === 2 &&
            /POST/.test(s.name) &&
            (s.attributes['http.route'] === '/api/bleed-kits' || /\/api\/bleed-kits$/.test(s.name)),
        );
    await waitFor(() => !!gatewaySpan(), 10_000);
    const traceId = gatewaySpan()!.traceId;
    const inTrace = receiver.spans().filter((s) => s.traceId === traceId);
    const natsHop = inTrace.find((s) => s.service === 'kits' && s.name === `nats ${KitsSubjects.register}`);
    expect(natsHop).toBeDefined();
    const sql = inTrace.filter((s) => s.service === 'kits' && s.attributes['db.system'] === 'postgresql');
    expect(sql.map((s) => String(s.attributes['db.statement'] ?? s.name))).toEqual(expect.arrayContaining([expect.stringMatching(/INSERT INTO/i)]));
    // The SQL hangs under the NATS hop, which hangs under the gateway's request.
    const byId = new Map(inTrace.map((s) => [s.spanId, s]));
    const ancestors = (spanId: string) => {
      const chain: string[] = [];
      for (let s = byId.get(spanId); s; s = byId.get(s.parentSpanId)) chain.push(s.spanId);
      return chain;
    };
    expect(ancestors(sql[0].spanId)).toEqual(expect.arrayContaining([natsHop!.spanId, gatewaySpan()!.spanId]));

    // The access log: one JSON line for the request, with the trace id, and nothing secret.
    const lines = gateway
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ msg: 'request', method: 'POST', route: '/api/bleed-kits', status: 201, traceId })]),
    );
    expect(gateway.output()).not.toContain(password);
    expect(gateway.output()).not.toMatch(/bk\.sid=/);
    expect(gateway.output()).not.toMatch(/Cannot apply global/);
  }, 90_000);
});
