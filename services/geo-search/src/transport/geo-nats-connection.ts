import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type NatsConnection, connect } from 'nats';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { NATS_CONNECTION_POLICY, natsServers } from '@bleedkits/platform';

/**
 * geo-search's own NATS connection for what NatsBus (a client) does not offer: raw-byte query subscriptions in
 * the queue group and the kits change hint outside it. Connecting happens in the background so the process's
 * liveness endpoint answers while NATS is away; it never gives up reconnecting.
 */
@Injectable()
export class GeoNatsConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('GeoNats');
  private connection: NatsConnection | null = null;
  private closed = false;
  readonly ready: Promise<NatsConnection>;

  constructor(@Inject(GEO_SEARCH_ENV) env: GeoSearchEnv) {
    this.ready = connect({
      servers: natsServers(env.NATS_URL),
      name: `geo-search-raw-${process.pid}`,
      ...NATS_CONNECTION_POLICY,
    }).then(async (nc) => {
      this.connection = nc;
      if (this.closed) await nc.close();
      return nc;
    });
    this.ready.catch((e: unknown) => this.logger.error({ msg: 'NATS connection failed', error: (e as Error).message }));
  }

  /** Runs `use` once connected (immediately if already); never while shutting down. */
  whenConnected(use: (nc: NatsConnection) => void): void {
    void this.ready.then(
      (nc) => {
        if (!this.closed) use(nc);
      },
      () => undefined,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const nc = this.connection;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
  }
}
