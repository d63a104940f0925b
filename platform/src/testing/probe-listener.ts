import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceContext } from '@bleedkits/contracts';
import type { WireRequest, WireSubject } from '@bleedkits/contracts/wire';
import { configureMicroservice } from '../bootstrap/bootstrap-service';
import { NatsBus } from '../nats/nats-bus';
import { natsMicroserviceOptions } from '../nats/nats-transport';

export type ProbeListener = { service: INestMicroservice; bus: NatsBus; close(): Promise<void> };

/**
 * A module of probe handlers listening on NATS as a context's listener does (its global filter and interceptors),
 * and a client, returned once `ready` (a subject and a request its handler answers without an error) is answered:
 * listen() resolving does not mean the subscriptions are in place yet.
 */
export async function startProbeListener<S extends string>(
  module: Type<unknown> | DynamicModule,
  natsUrl: string,
  ready: { subject: S; request: S extends WireSubject ? WireRequest<S> : unknown },
  context: ServiceContext = 'kits',
): Promise<ProbeListener> {
  const service = await NestFactory.createMicroservice(module, { ...natsMicroserviceOptions(context, natsUrl), logger: false });
  configureMicroservice(service);
  await service.listen();
  const bus = new NatsBus({ servers: natsUrl, name: 'probe-client', requestTimeoutMs: 5000 });
  await bus.whenConnected();
  for (let tries = 0; ; tries++) {
    try {
      await bus.request(ready.subject, ready.request, 500);
      break;
    } catch (e) {
      if (tries > 100) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return {
    service,
    bus,
    async close() {
      await bus.close();
      await service.close();
    },
  };
}
