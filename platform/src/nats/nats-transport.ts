import { type MicroserviceOptions, ServerNats } from '@nestjs/microservices';
import type { ServiceContext } from '@bleedkits/contracts';

/**
 * Nest's NATS server closes its connection abruptly; draining instead lets in-flight requests finish
 * before the process exits (graceful shutdown on SIGTERM).
 */
export class DrainingNatsServer extends ServerNats {
  override async close(): Promise<void> {
    const nc = (this as unknown as { natsClient?: { drain(): Promise<void>; isClosed(): boolean } }).natsClient;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => undefined);
    await super.close();
  }
}

/** Every service listens in the queue group named after its context, so replicas share the load. */
export function natsMicroserviceOptions(context: ServiceContext, servers: string): MicroserviceOptions {
  return {
    strategy: new DrainingNatsServer({
      servers: servers.split(','),
      queue: context,
      name: `${context}-${process.pid}`,
      // Never give up: a service started before NATS, or across a NATS restart, recovers by itself.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      waitOnFirstConnect: true,
      pingInterval: 5000,
      maxPingOut: 2,
    }),
  };
}
