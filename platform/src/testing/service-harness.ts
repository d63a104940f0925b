import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceContext } from '@bleedkits/contracts';
import { configureMicroservice } from '../bootstrap/bootstrap-service';
import { natsMicroserviceOptions } from '../nats/nats-transport';

/** Boots one context's Nest microservice in-process against real NATS and Postgres, as main.ts would. */
export async function startTestService(
  context: ServiceContext,
  module: Type<unknown> | DynamicModule,
  natsUrl: string,
): Promise<INestMicroservice> {
  const ms = await NestFactory.createMicroservice(module, { ...natsMicroserviceOptions(context, natsUrl), logger: false });
  configureMicroservice(ms);
  ms.enableShutdownHooks();
  await ms.listen();
  return ms;
}
