import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { type ServiceContext, healthSubject } from '@bleedkits/contracts';
import { startService } from '../bootstrap/bootstrap-service';
import { NatsBus } from '../nats/nats-bus';

/**
 * Boots one context in-process against real NATS and Postgres through the same startService as main.ts (global
 * filter and interceptors, probes on a loopback port of its own, the NATS listener in the context's queue group),
 * and returns once it answers its health subject: `listen()` resolving does not mean the NATS server has its
 * subscriptions yet. The listener is returned; its close() stops the whole service gracefully.
 */
export async function startTestService(context: ServiceContext, module: Type<unknown> | DynamicModule, natsUrl: string): Promise<INestMicroservice> {
  const service = await startService({ context, module, natsUrl, httpPort: 0, httpHost: '127.0.0.1', logger: false, shutdownTimeoutMs: 5000 });
  await waitUntilAnswering(context, natsUrl);
  // Callers hold the listener (INestMicroservice: get(), close()); their close() stops the whole application. A view,
  // not a patch of the listener itself: the application's own close() closes the listener too.
  return new Proxy(service.microservice, {
    get(target, prop) {
      if (prop === 'close') return service.stop;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function waitUntilAnswering(context: ServiceContext, natsUrl: string, timeoutMs = 10_000): Promise<void> {
  const probe = new NatsBus({ servers: natsUrl, name: `${context}-readiness-probe`, requestTimeoutMs: 1000 });
  const deadline = Date.now() + timeoutMs;
  try {
    await probe.whenConnected();
    for (;;) {
      try {
        await probe.request(healthSubject(context), {});
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`${context} did not answer its health subject within ${timeoutMs} ms: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  } finally {
    await probe.close();
  }
}
