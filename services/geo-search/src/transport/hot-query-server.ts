import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type Msg, type Subscription, headers as natsHeaders } from 'nats';
import { GeoSearchSubjects, GeoSearchWire } from '@bleedkits/contracts';
import { EncodedAnswer, frameReply, gzipReply } from '../domain/reply-frame';
import { NearbyQueryHandler } from '../queries/nearby/nearby.query';
import { SearchQueryHandler } from '../queries/search/search.query';
import { ViewportQueryHandler } from '../queries/viewport/viewport.query';
import { GeoNatsConnection } from './geo-nats-connection';

export const GEO_SEARCH_QUEUE = 'geo-search';

/** A handler answers an identity frame, or an EncodedAnswer when it keeps the answer (and its gzip) for reuse. */
type Handler = (input: Record<string, unknown> | null) => Buffer | EncodedAnswer | Promise<Buffer | EncodedAnswer>;

/**
 * The hot subjects (viewport, nearby, search) on raw NATS in the 'geo-search' queue group: the request is a JSON
 * object of parameters, the reply the framed bytes of reply-frame.ts, which the gateway passes on untouched.
 * Bodies go out gzipped when the request's Bk-Accept-Encoding header asks for it (the browser accepted gzip), so
 * the gateway relays a tenth of the bytes and compresses nothing; a cached viewport keeps its gzipped form, so a
 * popular view is compressed once per index version. The HTTP status is also set as the Bk-Status NATS
 * header for tools that read headers.
 */
@Injectable()
export class HotQueryServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('HotQueries');
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly nats: GeoNatsConnection,
    private readonly viewport: ViewportQueryHandler,
    private readonly nearby: NearbyQueryHandler,
    private readonly search: SearchQueryHandler,
  ) {}

  onApplicationBootstrap(): void {
    const routes: [string, Handler][] = [
      [GeoSearchSubjects.viewport, (q) => this.viewport.handle(q)],
      [GeoSearchSubjects.nearby, (q) => this.nearby.handle(q)],
      [GeoSearchSubjects.search, (q) => this.search.handle(q)],
    ];
    this.nats.whenConnected((nc) => {
      for (const [subject, handler] of routes) {
        this.subscriptions.push(nc.subscribe(subject, { queue: GEO_SEARCH_QUEUE, callback: (err, msg) => (err ? undefined : void this.answer(msg, handler)) }));
      }
    });
  }

  private async answer(msg: Msg, handler: Handler): Promise<void> {
    let reply: Buffer;
    try {
      const gzip = msg.headers?.get(GeoSearchWire.acceptEncodingHeader) === GeoSearchWire.gzip;
      const answer = await handler(parseRequest(msg.data));
      reply = answer instanceof EncodedAnswer ? answer.encoded(gzip) : gzip ? gzipReply(answer) : answer;
    } catch (e) {
      const errorId = randomUUID();
      this.logger.error({ msg: 'hot query failed', subject: msg.subject, errorId, error: (e as Error).message, stack: (e as Error).stack });
      reply = frameReply(500, JSON.stringify({ message: 'Internal server error', errorId }));
    }
    if (!msg.reply) return;
    const h = natsHeaders();
    h.set(GeoSearchWire.statusHeader, String.fromCharCode(reply[0], reply[1], reply[2]));
    msg.respond(reply, { headers: h });
  }

  onModuleDestroy(): void {
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
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
