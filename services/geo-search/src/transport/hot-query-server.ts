import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Msg, type MsgHdrs, type Subscription, headers as natsHeaders } from 'nats';
import { CodedError, GeoSearchWire, type IndexAnnouncement, replicaSubject } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { Readiness, publishEventOn } from '@bleedkits/platform';
import { observeHotQuery } from '../metrics/geo-search-metrics';
import { KitProjection } from '../projection/kit-projection';
import type { Answer } from '../queries/answer';
import { NearbyQueryHandler } from '../queries/nearby/nearby.query';
import { PublicSnapshotQueryHandler } from '../queries/public-snapshot/public-snapshot.query';
import { SearchQueryHandler } from '../queries/search/search.query';
import { ViewportQueryHandler } from '../queries/viewport/viewport.query';
import { GeoNatsConnection } from './geo-nats-connection';
import { errorFrame, framedAnswer, internalError } from './reply-frame';

export const GEO_SEARCH_QUEUE = 'geo-search';

type Handler = (input: Record<string, unknown> | null) => Answer | Promise<Answer>;

/** The reply's outcome header; one object for 'ok', the answer to nearly every query (headers are read, not kept). */
function outcomeHeaders(outcome: string): MsgHdrs {
  const h = natsHeaders();
  h.set(GeoSearchWire.outcomeHeader, outcome);
  return h;
}
const OK_HEADERS = outcomeHeaders('ok');

/** Longest wait, on a graceful stop, for answers already received (a search may wait on a geocoder). */
const DRAIN_TIMEOUT_MS = 5000;

/**
 * The hot subjects (viewport, nearby, search, public-snapshot chunks) on raw NATS in the 'geo-search' queue group:
 * the request is a JSON object of parameters, the reply the framed bytes of reply-frame.ts, which the gateway passes
 * on untouched. Bodies go out gzipped when the request's Bk-Accept-Encoding header asks for it (the browser accepted
 * gzip), so the gateway relays a tenth of the bytes and compresses nothing; a cached viewport keeps its gzipped form.
 * A failure is a coded error the gateway maps to HTTP. Every change of the index is announced on
 * geo-search.evt.index-changed.v1 with the new tag (and the tag again every second), so gateways stop serving
 * answers of the old content at once. The announcement names this replica, and the replica answers the hot subjects
 * under its own name too (replicaSubject): a gateway asks replicas it heard from lately by name, so one cut off from
 * the network (it cannot say so, and NATS keeps its queue-group subscription until its pings fail) is not asked.
 */
@Injectable()
export class HotQueryServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('HotQueries');
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private listening = false;
  private stopping = false;
  private heartbeat: NodeJS.Timeout | null = null;
  /** This process's name on the wire: unique per start, a single subject token. */
  readonly replica = randomUUID().replace(/-/g, '');

  constructor(
    private readonly nats: GeoNatsConnection,
    private readonly viewport: ViewportQueryHandler,
    private readonly nearby: NearbyQueryHandler,
    private readonly search: SearchQueryHandler,
    private readonly snapshot: PublicSnapshotQueryHandler,
    private readonly projection: KitProjection,
    readiness: Readiness,
  ) {
    readiness.register('index', () => this.listening);
  }

  /** True once the first index is built and the hot subjects are subscribed (readiness). */
  get isListening(): boolean {
    return this.listening;
  }

  onApplicationBootstrap(): void {
    const routes: [string, Handler][] = [
      [GeoSearchSubjects.viewport, (q) => this.viewport.handle(q)],
      [GeoSearchSubjects.nearby, (q) => this.nearby.handle(q)],
      [GeoSearchSubjects.search, (q) => this.search.handle(q)],
      [GeoSearchSubjects.publicSnapshot, (q) => this.snapshot.handle(q)],
    ];
    // Join the queue group only once this replica can answer: until its first index is built the other replicas
    // take every query, so a scale-out or a rolling update never answers "starting up".
    this.projection.onReady(() =>
      this.nats.whenConnected((nc) => {
        if (this.subscriptions.length > 0 || this.stopping) return;
        for (const [subject, handler] of routes) {
          const callback = (err: unknown, msg: Msg) => (err ? undefined : this.track(this.answer(subject, msg, handler)));
          this.subscriptions.push(nc.subscribe(subject, { queue: GEO_SEARCH_QUEUE, callback }));
          this.subscriptions.push(nc.subscribe(replicaSubject(subject, this.replica), { callback }));
        }
        // Ready once the server holds the subscriptions, not merely once they are sent.
        nc.flush().then(
          () => {
            this.listening = true;
            this.announce();
            this.heartbeat = setInterval(() => this.announce(), GeoSearchWire.announceEveryMs);
            this.heartbeat.unref();
          },
          () => undefined,
        );
      }),
    );
    this.projection.onChange(() => this.announce());
  }

  /** Tells the gateways the index's new tag (fire-and-forget: their cached answers also expire on their own). */
  private announce(): void {
    if (!this.listening || this.stopping) return;
    const announcement: IndexAnnouncement = { tag: this.projection.tag, replica: this.replica };
    this.nats.whenConnected((nc) => publishEventOn(nc, GeoSearchSubjects.indexChanged, announcement));
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /** `subject` is the hot subject the message came on, whether through the queue group or by this replica's name. */
  private async answer(subject: string, msg: Msg, handler: Handler): Promise<void> {
    const startedAt = process.hrtime.bigint();
    let reply: Buffer;
    let failure: string | null = null;
    try {
      const gzip = msg.headers?.get(GeoSearchWire.acceptEncodingHeader) === GeoSearchWire.gzip;
      const answer = await handler(parseRequest(msg.data));
      // A cached answer no change affected is the answer at the index's current tag.
      reply = framedAnswer(answer, gzip, answer.tag === null ? null : this.projection.tag);
    } catch (e) {
      if (e instanceof CodedError) {
        failure = e.body.code;
        reply = errorFrame(e.body);
      } else {
        const errorId = randomUUID();
        this.logger.error({ msg: 'hot query failed', subject, errorId, error: (e as Error).message, stack: (e as Error).stack });
        failure = 'internal';
        reply = errorFrame(internalError(errorId));
      }
    }
    observeHotQuery(subject, failure, startedAt);
    if (!msg.reply) return;
    msg.respond(reply, { headers: failure === null ? OK_HEADERS : outcomeHeaders(failure) });
  }

  /**
   * A graceful stop leaves the queue group first (the server routes every new query to the other replicas), then
   * answers what it already received, so a rolling restart loses no query.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.listening = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const subs = this.subscriptions.splice(0);
    await Promise.race([
      Promise.all(subs.map((s) => s.drain().catch(() => s.unsubscribe()))).then(() => Promise.all([...this.inFlight])),
      new Promise((r) => setTimeout(r, DRAIN_TIMEOUT_MS).unref()),
    ]);
  }
}

function parseRequest(data: Uint8Array): Record<string, unknown> | null {
  if (!data.length) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
