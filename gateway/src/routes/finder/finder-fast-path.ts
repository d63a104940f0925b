import { Logger } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  GeoSearchWire,
  type NearbyQuery,
  indexTagContent,
  type Parsed,
  type ServiceErrorBody,
  type ViewportQuery,
  nearbyRequestKey,
  parseNearbyQuery,
  parseSearchQuery,
  parseViewportQuery,
  replicaSubject,
  viewportRequestKey,
} from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { type NatsBus, RemoteCallError, metricsRegistry } from '@bleedkits/platform';
import { Counter } from 'prom-client';
import { statusForCode } from '../../errors/http-error.filter';
import { BodyMessages, mediaType } from '../../security/request-bodies';
import { PUBLIC_SNAPSHOT_PATH } from '@bleedkits/contracts';
import { FinderAnswerCache } from './finder-answer-cache';
import { GeoReplicas } from './geo-replicas';
import { HedgeBudget, hedged } from './hedged-query';
import { BenchPeerSubjects } from './bench-peer-subjects';
import { type FinderEnv, readFinderEnv } from './finder-env';
import { type FinderFailureLog, FinderRequestMetrics } from './finder-request-metrics';
import { readPublicSnapshot, writePublicSnapshot } from './public-snapshot-relay';
import {
  type FinderCaching,
  acceptsGzip,
  answerHeaders,
  finderETag,
  ifNoneMatchHolds,
  readReplyFrame,
  writeAnswer,
  writeNotModified,
} from './reply-relay';

const gzipAsync = promisify(gzipCallback);

type HotRoute = {
  subject: string;
  parse: (q: Record<string, unknown>) => Parsed<unknown>;
  /** The normalised request of a cacheable answer (viewport, nearby); search depends on geocoders and is not cached. */
  key?: (q: never) => string;
  summary: string;
  params: string[];
  /** For /api/docs: the operation's id, and the component (openapi/described-types.ts) naming its answer. */
  operationId: string;
  answer: 'FinderViewportAnswer' | 'FinderNearbyAnswer';
};

/** The finder's three map calls: public, read-only, anonymous, and the busiest routes of the register. */
export const HOT_FINDER_ROUTES: Readonly<Record<string, HotRoute>> = {
  '/api/bleed-kits/public': {
    subject: GeoSearchSubjects.viewport,
    parse: parseViewportQuery,
    key: (q: ViewportQuery) => viewportRequestKey(q),
    summary:
      'Public kits of a map viewport, or server clusters whose counts add up to the kits in the box; never more than limit (≤ 1000). Strong ETag, 304 on If-None-Match, cacheable for a few seconds.',
    params: ['north', 'south', 'east', 'west', 'zoom', 'limit'],
    operationId: 'FinderFastPath_viewport',
    answer: 'FinderViewportAnswer',
  },
  '/api/bleed-kits/nearby': {
    subject: GeoSearchSubjects.nearby,
    parse: parseNearbyQuery,
    key: (q: NearbyQuery) => nearbyRequestKey(q),
    summary:
      'The nearest public kits within radius km (default 25), nearest first, each with distance in km; limit default 100, at most 1000. Strong ETag, 304 on If-None-Match, cacheable for a few seconds.',
    params: ['lat', 'lng', 'radius', 'limit'],
    operationId: 'FinderFastPath_nearby',
    answer: 'FinderNearbyAnswer',
  },
  '/api/bleed-kits/search': {
    subject: GeoSearchSubjects.search,
    parse: parseSearchQuery,
    summary: 'Kits near a postcode, outward code or place, nearest first; the place found is in the X-Search-Place header. 404 when not found.',
    params: ['location'],
    operationId: 'FinderFastPath_search',
    answer: 'FinderNearbyAnswer',
  },
};

/** The subjects a geo-search replica also answers under its own name (hot-query-server.ts). */
const GEO_SEARCH_HOT_SUBJECTS: ReadonlySet<string> = new Set([
  GeoSearchSubjects.viewport,
  GeoSearchSubjects.nearby,
  GeoSearchSubjects.search,
  GeoSearchSubjects.publicSnapshot,
]);

/**
 * The queries asked again of a second replica when the first is slow (hedged-query.ts): the in-memory map queries.
 * Not search, which may wait on a geocoder (a second ask would cost a second paid lookup and gain nothing).
 */
const HEDGED_SUBJECTS: ReadonlySet<string> = new Set([GeoSearchSubjects.viewport, GeoSearchSubjects.nearby]);

/** Map queries asked of a second replica because the first was slow. */
const hedgedQueries = new Counter({
  name: 'bk_finder_hedged_queries_total',
  help: 'Viewport and nearby queries also asked of a second geo-search replica because the first had not answered in FINDER_HEDGE_AFTER_MS',
  registers: [metricsRegistry],
});

/**
 * The benchmark's baselines (BENCH_SQL_BASELINE only): the same parameters and the same relay as the map calls,
 * answered by bench-only responders, never cached here: PostGIS with SQL (bench/lib/postgis.mjs), and the peer a Node
 * team would pick (bench/lib/peer-responder.mjs: supercluster, kdbush and geokdbush).
 */
const BENCH_ROUTES: Readonly<Record<string, HotRoute>> = {
  '/api/bench/postgis-public': {
    subject: GeoSearchSubjects.benchPostgisViewport,
    parse: parseViewportQuery,
    summary: '',
    params: [],
    operationId: '',
    answer: 'FinderViewportAnswer',
  },
  '/api/bench/postgis-nearby': {
    subject: GeoSearchSubjects.benchPostgisNearby,
    parse: parseNearbyQuery,
    summary: '',
    params: [],
    operationId: '',
    answer: 'FinderNearbyAnswer',
  },
  '/api/bench/peer-public': {
    subject: BenchPeerSubjects.viewport,
    parse: parseViewportQuery,
    summary: '',
    params: [],
    operationId: '',
    answer: 'FinderViewportAnswer',
  },
  '/api/bench/peer-nearby': {
    subject: BenchPeerSubjects.nearby,
    parse: parseNearbyQuery,
    summary: '',
    params: [],
    operationId: '',
    answer: 'FinderNearbyAnswer',
  },
};

/** Raw URLs whose normalised request the fast path remembers (cleared when full: a miss only costs a parse). */
const MAX_REMEMBERED_URLS = 50_000;

const ASK_FOR_GZIP: Readonly<Record<string, string>> = { [GeoSearchWire.acceptEncodingHeader]: GeoSearchWire.gzip };
const NOT_CACHED: FinderCaching = { cacheControl: 'no-cache' };

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', String(Buffer.byteLength(text)));
  res.end(text);
}

/**
 * Answers the hot finder routes straight from Node's HTTP server, ahead of Express, sessions, security headers
 * meant for HTML and the Nest pipeline, none of which a public read-only query needs: one NATS request, reply bytes
 * relayed untouched (already gzipped by geo-search when the browser accepts gzip). Measured, the Nest stack's CPU per
 * request was the ceiling of the whole finder (bench/README.md).
 *
 * Viewport and nearby answers carry a strong ETag (index tag + normalised request + variant) and a short public
 * Cache-Control, so browsers and a CDN can keep them; If-None-Match answers 304. The hot ones are kept here too, at
 * the index tag geo-search last announced (FinderAnswerCache), so a popular view need not cross NATS at all. A query
 * goes to the replica heard from lately with the fewest queries outstanding (GeoReplicas); a slow map query is also
 * asked of a second replica (hedged-query.ts); one that times out, or whose replica has gone, is asked once more of
 * another replica. Geo-search's failures are coded errors, mapped to HTTP by the gateway's one switch. Returns false
 * for any other request.
 */
export function finderFastPath(
  bus: NatsBus,
  env: FinderEnv = readFinderEnv(),
  cache = new FinderAnswerCache(env.FINDER_CACHE_BYTES, env.FINDER_CACHE_TTL_MS),
  replicas = new GeoReplicas(),
  logFailure?: FinderFailureLog,
) {
  const logger = new Logger('FinderFastPath');
  const cacheable: FinderCaching = {
    cacheControl: `public, max-age=${env.FINDER_MAX_AGE_SECONDS}, stale-while-revalidate=${env.FINDER_STALE_WHILE_REVALIDATE_SECONDS}`,
  };
  bus.subscribeEvent(GeoSearchSubjects.indexChanged, (announcement) => {
    cache.observe(announcement.tag);
    if (announcement.replica !== undefined) replicas.heard(announcement.replica);
  });

  /** True when the error says the replica asked did not answer: it timed out, or it has gone (no one holds its name). */
  const unanswered = (e: unknown, askedByName: boolean): boolean =>
    e instanceof RemoteCallError &&
    (e.body.code === ErrorCode.Timeout || (askedByName && e.body.code === ErrorCode.ServiceUnavailable && bus.status === 'connected'));

  /** One request to one replica by name (the queue group for null), counted while outstanding; suspected if unanswered. */
  const askReplica = (subject: string, replica: string | null, payload: Buffer, headers: Readonly<Record<string, string>> | undefined) => {
    if (replica === null) return bus.requestRaw(subject, payload, env.FINDER_QUERY_TIMEOUT_MS, headers);
    replicas.asked(replica);
    return bus.requestRaw(replicaSubject(subject, replica), payload, env.FINDER_QUERY_TIMEOUT_MS, headers).then(
      (reply) => {
        replicas.settled(replica);
        return reply;
      },
      (e: unknown) => {
        replicas.settled(replica);
        if (unanswered(e, true)) replicas.suspect(replica);
        throw e;
      },
    );
  };

  const hedges = new HedgeBudget(env.FINDER_HEDGE_SHARE);
  /**
   * One query, asked of a replica heard from lately by name (the queue group when none announced a name); a map query
   * not answered within FINDER_HEDGE_AFTER_MS is also asked of another replica (hedged-query.ts). A query left
   * unanswered (timed out, or its replica gone: it may have died or be cut off from the network) is asked once more of
   * another replica.
   */
  const ask = async (subject: string, payload: Buffer, headers: Readonly<Record<string, string>> | undefined): Promise<Uint8Array> => {
    const byName = GEO_SEARCH_HOT_SUBJECTS.has(subject);
    const first = byName ? replicas.pick() : null;
    const attempt = askReplica(subject, first, payload, headers);
    const hedge = first !== null && env.FINDER_HEDGE_AFTER_MS > 0 && HEDGED_SUBJECTS.has(subject);
    if (hedge) hedges.earn();
    try {
      return await (hedge
        ? hedged(attempt, env.FINDER_HEDGE_AFTER_MS, () => {
            const second = replicas.pick(first);
            if (second === null || !hedges.spend()) return null;
            hedgedQueries.inc();
            return askReplica(subject, second, payload, headers);
          })
        : attempt);
    } catch (e) {
      if (!unanswered(e, first !== null)) throw e;
      const again = byName ? replicas.pick(first ?? undefined) : null;
      logger.warn({ subject, replica: first, msg: 'geo-search did not answer in time; asking again' });
      return askReplica(subject, again, payload, headers);
    }
  };

  const sendError = (res: ServerResponse, error: ServiceErrorBody, subject: string): void => {
    const status = statusForCode(error.code);
    if (status === 503) res.setHeader('Retry-After', String(error.retryAfterSeconds ?? 1));
    if (status < 500) return sendJson(res, status, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    const errorId = error.errorId ?? randomUUID();
    logger.warn({ errorId, subject, code: error.code }, error.message);
    sendJson(res, status, { message: error.message, errorId });
  };

  /** The normalised request of a raw URL seen before, so a hit is served without parsing its query again. */
  const keysOfUrls = new Map<string, string>();
  const rememberKey = (url: string, key: string) => {
    if (keysOfUrls.size >= MAX_REMEMBERED_URLS) keysOfUrls.clear();
    keysOfUrls.set(url, key);
  };
  /** Misses for the same answer asked at the same time share one query (a popular view must not stampede). */
  const inFlight = new Map<string, Promise<Uint8Array>>();
  const askOnce = (subject: string, key: string, gzip: boolean, query: unknown): Promise<Uint8Array> => {
    const id = `${subject}|${key}|${gzip ? 1 : 0}`;
    let pending = inFlight.get(id);
    if (!pending) {
      pending = ask(subject, Buffer.from(JSON.stringify(query)), gzip ? ASK_FOR_GZIP : undefined).finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  };

  /** A cached answer for this request, written; false when there is none (or the request is not a plain GET of one). */
  const answerFromCache = (req: IncomingMessage, res: ServerResponse, key: string): boolean => {
    const content = cache.currentContent;
    if (!content) return false;
    const gzip = acceptsGzip(req);
    const hit = cache.get(content, key, gzip);
    if (!hit) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatchHolds(ifNoneMatch, hit.etag)) writeNotModified(res, { ...cacheable, etag: hit.etag });
    else writeAnswer(res, hit.body, hit.headers);
    return true;
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, route: HotRoute, query: unknown): Promise<void> => {
    const gzip = acceptsGzip(req);
    const key = route.key?.(query as never);
    const ifNoneMatch = req.headers['if-none-match'];
    if (key) {
      rememberKey(req.url!, key);
      if (answerFromCache(req, res, key)) return;
      // The validator of an answer not kept here: worked out only when it is needed.
      const content = cache.currentContent;
      if (content && ifNoneMatch && ifNoneMatchHolds(ifNoneMatch, finderETag(content, key, gzip)))
        return writeNotModified(res, { ...cacheable, etag: finderETag(content, key, gzip) });
    }
    const reply = readReplyFrame(
      await (key
        ? askOnce(route.subject, key, gzip, query)
        : ask(route.subject, Buffer.from(JSON.stringify(query)), gzip ? ASK_FOR_GZIP : undefined)),
    );
    if (!reply.ok) return sendError(res, reply.error, route.subject);
    let body = reply.body;
    let encoded = reply.gzip;
    // A large plain answer for a client that accepts gzip (a replica that did not compress) is gzipped here.
    if (!encoded && gzip && body.length > GeoSearchWire.compressAboveBytes) {
      body = await gzipAsync(body, { level: 1 });
      encoded = true;
    }
    if (!key || !reply.tag) return writeAnswer(res, body, answerHeaders(body, encoded, NOT_CACHED, reply.place));
    cache.observe(reply.tag);
    const replyContent = indexTagContent(reply.tag);
    const caching = { ...cacheable, etag: finderETag(replyContent, key, gzip) };
    if (ifNoneMatchHolds(ifNoneMatch, caching.etag)) return writeNotModified(res, caching);
    const headers = answerHeaders(body, encoded, caching);
    cache.put(replyContent, key, gzip, body, encoded, caching.etag, headers);
    writeAnswer(res, body, headers);
  };

  const metrics = new FinderRequestMetrics(logFailure);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = HOT_FINDER_ROUTES[path] ?? (env.BENCH_SQL_BASELINE ? BENCH_ROUTES[path] : undefined);
    if (!route && path !== PUBLIC_SNAPSHOT_PATH) return false;
    const startedAt = performance.now();
    // A map query has no body; a form-encoded one is refused as on every other route (JSON only).
    const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
    // The busiest case first, as cheap as a bare server's: a query seen before whose answer is kept here.
    const knownKey = route?.key && !hasBody ? keysOfUrls.get(url) : undefined;
    if (knownKey !== undefined && answerFromCache(req, res, knownKey)) {
      metrics.answered(req.method, path, req, res.statusCode, startedAt);
      return true;
    }
    metrics.observe(req.method, path, req, res, startedAt);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (hasBody && mediaType(req.headers['content-type']) !== 'application/json') {
      sendJson(res, 415, { message: BodyMessages.jsonOnly, errors: [BodyMessages.jsonOnly] });
      return true;
    }
    const failed = (error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof RemoteCallError) return sendError(res, error.body, error.subject);
      const errorId = randomUUID();
      logger.error({ errorId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, 'finder query failed');
      sendJson(res, 500, { message: 'Internal server error', errorId });
    };
    if (!route) {
      // The offline finder's national snapshot: public, read-only, anonymous like the map calls.
      const ifNoneMatch = typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'].trim() : undefined;
      readPublicSnapshot(bus, ifNoneMatch)
        .then((reply) => writePublicSnapshot(req, res, reply))
        .catch(failed);
      return true;
    }
    const parsed = route.parse(q < 0 ? {} : parseQueryString(url.slice(q + 1)));
    if (!parsed.ok) {
      sendJson(res, 400, { message: parsed.message, errors: [parsed.message] });
      return true;
    }
    answer(req, res, route, parsed.value).catch(failed);
    return true;
  };
}

/**
 * Puts the finder's fast path in front of the server's request handler (Express, under Nest). `logFailure` writes the
 * access log's line for a finder answer that failed (the access log leaves the finder's routes to it).
 */
export function serveFinderAheadOf(server: Server, bus: NatsBus, env: FinderEnv, logFailure?: FinderFailureLog): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`expected one HTTP request handler, found ${handlers.length}`);
  const [next] = handlers;
  const finder = finderFastPath(bus, env, undefined, undefined, logFailure);
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!finder(req, res)) next(req, res);
  });
}

/** The fast-path routes are not Nest routes, so the OpenAPI document describes them here. */
export function describeFinderRoutes(document: OpenAPIObject): OpenAPIObject {
  const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });
  const error = (description: string) => ({ description, content: json('ApiError') });
  const etag = { ETag: { description: 'send it back as If-None-Match', schema: { type: 'string' } } };
  for (const [path, route] of Object.entries(HOT_FINDER_ROUTES)) {
    document.paths[path] = {
      get: {
        tags: ['finder'],
        operationId: route.operationId,
        summary: route.summary,
        parameters: [
          ...route.params.map((name) => ({
            name,
            in: 'query' as const,
            required: name !== 'limit' && name !== 'zoom' && name !== 'radius',
            schema: { type: name === 'location' ? 'string' : 'number' },
          })),
          ...(route.key ? [{ name: 'If-None-Match', in: 'header' as const, required: false, schema: { type: 'string' } }] : []),
        ],
        responses: {
          '200': {
            description: 'JSON array (gzip when accepted)',
            content: json(route.answer),
            headers: route.key ? etag : { 'X-Search-Place': { description: 'the place the search found (search only)', schema: { type: 'string' } } },
          },
          ...(route.key ? { '304': { description: 'the answer named by If-None-Match is current', headers: etag } } : {}),
          '400': error('invalid parameter'),
          ...(route.key ? {} : { '404': error('place not found') }),
          '415': error('a body that is not JSON (a map query has none)'),
          '500': error('the gateway failed: errorId names the logged cause'),
          '503': error('index starting or service unavailable; see Retry-After'),
          '504': error('geo-search did not answer in time (asked twice)'),
        },
      },
    };
  }
  document.paths[PUBLIC_SNAPSHOT_PATH] = {
    get: {
      tags: ['finder'],
      operationId: 'FinderFastPath_publicSnapshot',
      summary: 'The national snapshot of public kits for the offline finder: gzip, weak ETag, 304 on If-None-Match. Only public fields.',
      parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'JSON document (gzip when accepted)', content: json('PublicSnapshot'), headers: etag },
        '304': { description: 'the copy named by If-None-Match is current', headers: etag },
        '415': error('a body that is not JSON (the snapshot takes none)'),
        '500': error('the gateway failed: errorId names the logged cause'),
        '503': error('index starting or service unavailable; see Retry-After'),
        '504': error('geo-search did not answer in time'),
      },
    },
  };
  return document;
}
