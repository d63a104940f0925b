import { Logger } from '@nestjs/common';
import { connect, headers as natsHeaders, type MsgHdrs, type NatsConnection, Events, DebugEvents } from 'nats';
import { context as otelContext, propagation } from '@opentelemetry/api';
import {
  ErrorCode,
  type EventDeclaration,
  type EventPayload,
  type EventSubject,
  Events as EventDeclarations,
  type ServiceErrorBody,
  isServiceErrorBody,
} from '@bleedkits/contracts';
import type { WireRequest, WireResponse, WireSubject } from '@bleedkits/contracts/wire';
import { RemoteCallError } from '../errors/service-error';
import { decodeReply, encodeEvent, encodeRequest } from './nest-wire';
import { NATS_CONNECTION_POLICY, natsServers } from './connection-policy';

export type NatsBusOptions = {
  servers: string;
  /** Client name shown in NATS monitoring. */
  name: string;
  /** Default per-request timeout; every request has one. */
  requestTimeoutMs: number;
};

/** The answer of `subject`: the type the caller named, else the typed wire's response, else unknown. */
type ResponseFor<S extends string, Res> = [Res] extends [never] ? (S extends WireSubject ? WireResponse<S> : unknown) : Res;

export type NatsBusState = 'connecting' | 'connected' | 'disconnected' | 'closed';

/**
 * The one NATS client a process uses for requests and events. It never gives up reconnecting, fails a request
 * at once (503) while the connection is down instead of letting it hang, and bounds every request with a timeout.
 */
export class NatsBus {
  private readonly logger = new Logger('NatsBus');
  private connection: NatsConnection | null = null;
  private state: NatsBusState = 'connecting';
  private readonly connected: Promise<NatsConnection>;

  constructor(private readonly options: NatsBusOptions) {
    this.connected = this.open();
    this.connected.catch(() => undefined);
  }

  get status(): NatsBusState {
    return this.state;
  }

  /** Resolves once the first connection is made (it may take as long as NATS takes to appear). */
  async whenConnected(): Promise<void> {
    await this.connected;
  }

  /**
   * Asks `subject` and waits for its answer. For a subject of the typed wire (contracts/src/wire) both the request
   * and the response are inferred from the subject, so a wrong payload does not compile; for the others the caller
   * names the response type (`request<Res>(...)`). Naming it for a typed subject opts out of the check: don't.
   */
  async request<Res = never, S extends string = string>(
    subject: S,
    data: S extends WireSubject ? WireRequest<S> : unknown,
    timeoutMs = this.options.requestTimeoutMs,
  ): Promise<ResponseFor<S, NoInfer<Res>>> {
    const reply = await this.requestRaw(subject, encodeRequest(subject, data), timeoutMs);
    const packet = decodeReply<ResponseFor<S, Res>>(reply);
    if (packet.err !== undefined && packet.err !== null) throw new RemoteCallError(toErrorBody(packet.err), subject);
    return packet.response as ResponseFor<S, Res>;
  }

  /**
   * A request whose reply bytes are returned untouched (the caller decides whether to parse them); `headers` are
   * sent as NATS headers beside the trace context.
   */
  async requestRaw(
    subject: string,
    payload: Uint8Array,
    timeoutMs = this.options.requestTimeoutMs,
    headers?: Readonly<Record<string, string>>,
  ): Promise<Uint8Array> {
    const nc = this.connection;
    if (!nc || this.state !== 'connected') {
      throw new RemoteCallError({ code: ErrorCode.ServiceUnavailable, message: 'Message bus unavailable' }, subject);
    }
    try {
      const msg = await nc.request(subject, payload, { timeout: timeoutMs, headers: traceHeaders(headers) });
      return msg.data;
    } catch (error) {
      throw translateNatsError(error, subject);
    }
  }

  /**
   * Publishes a declared event (contracts/src/events): the payload's type comes from the subject's declaration.
   * Fire-and-forget: events are hints whose loss is harmless (the kits change feed is the durable path).
   */
  publishEvent<S extends EventSubject>(subject: S, payload: EventPayload<S>): void {
    const nc = this.connection;
    if (!nc || this.state !== 'connected') return;
    nc.publish(subject, encodeEvent(subject, payload), { headers: traceHeaders() });
  }

  /**
   * Hears every message of a declared event (no queue group: every replica hears it), such as kits.changed. The
   * subscription survives reconnects. A payload is Nest's event envelope or plain JSON; one that fails the
   * declaration's check is dropped (logged once per subscription), so `onEvent` only ever gets the declared type.
   */
  subscribeEvent<S extends EventSubject>(subject: S, onEvent: (payload: EventPayload<S>) => void): { unsubscribe(): void } {
    // The declaration of S itself; TypeScript does not relate an index by a generic key to that key's own entry.
    const declaration = EventDeclarations[subject] as EventDeclaration<S, EventPayload<S>>;
    let warned = false;
    return this.subscribe(subject, (data) => {
      if (declaration.isPayload(data)) return onEvent(data);
      if (!warned) this.logger.warn(`Dropped a malformed ${subject} event (further ones are dropped silently)`);
      warned = true;
    });
  }

  /**
   * Hears every message on a subject that is not an event, given as parsed (a test watching a request subject).
   * Events go through `subscribeEvent`: scripts/architecture.spec.ts fails an event subject heard here.
   */
  subscribe(subject: string, onMessage: (data: unknown) => void): { unsubscribe(): void } {
    let sub: { unsubscribe(): void } | null = null;
    let cancelled = false;
    void this.connected
      .then((nc) => {
        if (cancelled || nc.isClosed()) return;
        sub = nc.subscribe(subject, {
          callback: (err, msg) => {
            if (err) return;
            onMessage(decodeEventPayload(msg.data));
          },
        });
      })
      .catch(() => undefined);
    return {
      unsubscribe: () => {
        cancelled = true;
        sub?.unsubscribe();
      },
    };
  }

  async close(): Promise<void> {
    const nc = this.connection;
    this.state = 'closed';
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
  }

  private async open(): Promise<NatsConnection> {
    const nc = await connect({
      servers: natsServers(this.options.servers),
      name: this.options.name,
      ...NATS_CONNECTION_POLICY,
    });
    if (this.state === 'closed') {
      await nc.close();
      return nc;
    }
    this.connection = nc;
    this.state = 'connected';
    void this.watch(nc);
    return nc;
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect || s.type === DebugEvents.Reconnecting) {
        if (this.state === 'connected') this.logger.warn(`NATS ${s.type}`);
        if (this.state !== 'closed') this.state = 'disconnected';
      } else if (s.type === Events.Reconnect) {
        this.logger.log('NATS reconnected');
        if (this.state !== 'closed') this.state = 'connected';
      }
    }
  }
}

/** An event's payload from Nest's event envelope ({pattern, data}) or plain JSON; null when it is not JSON. */
function decodeEventPayload(bytes: Uint8Array): unknown {
  try {
    const packet = JSON.parse(Buffer.from(bytes).toString('utf8')) as { data?: unknown; pattern?: unknown };
    return packet && typeof packet === 'object' && 'pattern' in packet ? packet.data : packet;
  } catch {
    return null;
  }
}

/**
 * Publishes a declared event on a connection of its own (geo-search's hot-query server, which answers before Nest
 * and holds no NatsBus), encoded as NatsBus.publishEvent encodes it.
 */
export function publishEventOn<S extends EventSubject>(nc: Pick<NatsConnection, 'publish'>, subject: S, payload: EventPayload<S>): void {
  nc.publish(subject, encodeEvent(subject, payload), { headers: traceHeaders() });
}

function toErrorBody(err: unknown): ServiceErrorBody {
  if (isServiceErrorBody(err)) return err;
  const message = typeof err === 'string' ? err : ((err as { message?: string })?.message ?? 'Remote error');
  return { code: ErrorCode.Internal, message };
}

function translateNatsError(error: unknown, subject: string): RemoteCallError {
  const code = (error as { code?: string })?.code;
  if (code === 'TIMEOUT') return new RemoteCallError({ code: ErrorCode.Timeout, message: 'The service did not answer in time' }, subject);
  if (code === '503') return new RemoteCallError({ code: ErrorCode.ServiceUnavailable, message: 'The service is unavailable' }, subject);
  return new RemoteCallError({ code: ErrorCode.ServiceUnavailable, message: 'Message bus unavailable' }, subject);
}

function traceHeaders(extra?: Readonly<Record<string, string>>): MsgHdrs | undefined {
  const carrier: Record<string, string> = { ...extra };
  propagation.inject(otelContext.active(), carrier);
  const keys = Object.keys(carrier);
  if (keys.length === 0) return undefined;
  const h = natsHeaders();
  for (const k of keys) h.set(k, carrier[k]);
  return h;
}
