import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, KitMessages } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { decodeReply, encodeRequest } from '../nats/nest-wire';
import { type OtlpReceiver, startOtlpReceiver } from '../testing/otlp-receiver';
import { startServiceProcess } from '../testing/service-process';
import { type TestBed, createTestBed } from '../testing/test-bed';

const waitFor = async (ok: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * ISSUE 16, acceptance 1: a service booted exactly as main.ts boots it (its own main.ts in a child process) has its
 * filter and interceptors in place: a domain error crosses NATS as {code, message} through the RPC filter, the
 * NATS metrics histogram and error counter count the request, the trace interceptor continues the caller's trace
 * (its span is flushed on SIGTERM), and the log has no "Cannot apply global" line.
 */
describe('a service started through main.ts (the one bootstrap)', () => {
  let bed: TestBed;
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    bed = await createTestBed('bootstrap-test');
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await bed?.close();
  });

  it('answers a domain error as {code, message}, counts it in its metrics, traces it, and stops cleanly on SIGTERM', async () => {
    const kits = await startServiceProcess('kits', { ...bed.env, POSTCODES_IO_BASE_URL: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    try {
      const actor = { id: randomUUID(), role: 'user', email: 'nobody@example.org' };
      const raw = await bed.bus.requestRaw(KitsSubjects.getKit, encodeRequest(KitsSubjects.getKit, { actor, kitId: 987654 }), 5000, {
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      });
      const packet = decodeReply(raw);
      expect(packet.response).toBeUndefined();
      expect(packet.err).toEqual({ code: ErrorCode.NotFound, message: KitMessages.notFound });

      const metrics = await (await fetch(`http://127.0.0.1:${kits.httpPort}/metrics`)).text();
      expect(metrics).toMatch(/^bk_nats_handler_seconds_count\{subject="kits\.qry\.kit\.v1",outcome="error"\} 1$/m);
      expect(metrics).toMatch(/^bk_nats_errors_total\{subject="kits\.qry\.kit\.v1",code="not_found"\} 1$/m);
      // Probes answer on the same port: alive, and ready (database, NATS listener and client answer).
      expect((await fetch(`http://127.0.0.1:${kits.httpPort}/healthz`)).status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${kits.httpPort}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        info: { database: { status: 'up' }, nats: { status: 'up' }, 'nats-client': { status: 'up' } },
      });
    } finally {
      // The exporter batches spans for seconds: only the SIGTERM path's flush gets this one out before the exit.
      expect(await kits.kill('SIGTERM')).toBe(0);
    }
    await waitFor(() => receiver.spans().some((s) => s.name === `nats ${KitsSubjects.getKit}`), 5000);
    const span = receiver.spans().find((s) => s.name === `nats ${KitsSubjects.getKit}`)!;
    expect(span.service).toBe('kits');
    expect(span).toMatchObject({ traceId, parentSpanId: callerSpanId, status: { code: 2, message: ErrorCode.NotFound } });
    expect(kits.output()).not.toMatch(/Cannot apply global/);
    expect(kits.output()).toMatch(/"msg":"stopped"/);
  }, 90_000);
});
