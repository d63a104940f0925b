import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ServiceContext, healthSubject } from '@bleedkits/contracts';
import { configureMicroservice } from '../bootstrap/bootstrap-service';
import { NatsBus } from '../nats/nats-bus';
import { natsMicroserviceOptions } from '../nats/nats-transport';

/**
 * Boots one context's Nest microservice in-process against real NATS and Postgres, as main.ts would, and returns
 * once it answers its health subject: `listen()` resolving does not mean the NATS server has its subscriptions yet.
 */
export async function startTestService(
  context: ServiceContext,
  module: Type<unknown> | DynamicModule,
  natsUrl: string,
): Promise<INestMicroservice> {
  const ms = await NestFactory.createMicroservice(module, { ...natsMicroserviceOptions(context, natsUrl), logger: false });
  configureMicroservice(ms);
  ms.enableShutdownHooks();
  await ms.listen();
  await waitUntilAnswering(context, natsUrl);
  return ms;
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
        if (Date.now() > deadline) throw new Error(`${context} did not answer its health subject within ${timeoutMs} ms: ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  } finally {
    await probe.close();
  }
}
