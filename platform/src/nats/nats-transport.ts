import { type MicroserviceOptions, ServerNats } from '@nestjs/microservices';
import type { ServiceContext } from '@bleedkits/contracts';
import { NATS_CONNECTION_POLICY, natsServers } from './connection-policy';

/**
 * A handler's answer that is already JSON (a feed page assembled from per-item JSON it had to serialise anyway, to
 * count its bytes): sent inside Nest's reply envelope as it is, instead of being serialised a second time. Its
 * pieces are JSON text or the UTF-8 bytes of JSON text (a part's records written straight into a buffer).
 */
export class PreSerialisedJson {
  readonly pieces: readonly (string | Uint8Array)[];

  constructor(...pieces: (string | Uint8Array)[]) {
    this.pieces = pieces;
  }

  /** The answer as one text (tests and logs; the reply path uses encode). */
  get json(): string {
    return this.pieces.map((p) => (typeof p === 'string' ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength).toString('utf8'))).join('');
  }

  /** The answer's UTF-8 bytes between a prefix and a suffix, copied once. */
  encode(prefix: string, suffix: string): Buffer {
    return Buffer.concat([prefix, ...this.pieces, suffix].map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
  }
}

type ReplyPacket = { response?: unknown; err?: unknown; isDisposed?: boolean };

/**
 * Nest's NATS server closes its connection abruptly; draining instead lets in-flight requests finish
 * before the process exits (graceful shutdown on SIGTERM).
 */
export class DrainingNatsServer extends ServerNats {
  /** Requests and events being handled now: a graceful stop waits for them before the connection drains. */
  private readonly inFlight = new Set<object>();
  private idle: (() => void) | null = null;
  private connected = false;

  constructor(...args: ConstructorParameters<typeof ServerNats>) {
    super(...args);
    this.status.subscribe((s) => (this.connected = s === 'connected'));
  }

  /** True while the listener's connection is up (readiness). */
  isConnected(): boolean {
    return this.connected;
  }

  override async handleMessage(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): ReturnType<ServerNats['handleMessage']> {
    this.inFlight.add(natsMsg);
    try {
      return await super.handleMessage(channel, natsMsg);
    } catch (error) {
      this.settle(natsMsg);
      throw error;
    } finally {
      // A request is settled when its last answer is published (getPublisher); an event when its handler returns.
      if (!natsMsg.reply) this.settle(natsMsg);
    }
  }

  private settle(natsMsg: object): void {
    if (this.inFlight.delete(natsMsg) && this.inFlight.size === 0) this.idle?.();
  }

  /**
   * The first half of a graceful stop: leave the queue group (so the other replicas take every new request),
   * handle what the server had already sent here, and wait until each of those has been answered, for at most
   * `timeoutMs`. The connection stays up for the answers; close() drains it afterwards.
   */
  async stopTakingWork(timeoutMs: number): Promise<void> {
    const subscriptions = (this as unknown as { subscriptions: { drain(): Promise<void> }[] }).subscriptions ?? [];
    await Promise.all(subscriptions.map((sub) => sub.drain().catch(() => undefined)));
    if (this.inFlight.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.idle = null;
  }

  /**
   * A reply the NATS server refuses (over max_payload) throws inside Nest's responder, uncaught, and would end the
   * process. Answer the caller with a coded error instead, and log it.
   */
  override getPublisher(natsMsg: Parameters<ServerNats['getPublisher']>[0], id: string, ctx: Parameters<ServerNats['getPublisher']>[2]) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response: unknown) => {
      try {
        const packet = response as ReplyPacket | undefined;
        if (packet?.isDisposed || packet?.err !== undefined) this.settle(natsMsg);
        if (natsMsg.reply && packet?.response instanceof PreSerialisedJson) {
          return natsMsg.respond(packet.response.encode(`{"id":${JSON.stringify(id)},"isDisposed":${packet.isDisposed === true},"response":`, '}'));
        }
        return publish(response);
      } catch (error) {
        this.logger.error(`reply to ${natsMsg.subject} could not be sent: ${(error as Error).message}`);
        return publish({ err: { code: 'internal', message: 'The answer could not be sent (too large)' }, isDisposed: true });
      }
    };
  }

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
      servers: natsServers(servers),
      queue: context,
      name: `${context}-${process.pid}`,
      ...NATS_CONNECTION_POLICY,
    }),
  };
}
