import { Logger } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { GeoSearchSubjects, GeoSearchWire, type Parsed, parseNearbyQuery, parseSearchQuery, parseViewportQuery } from '@bleedkits/contracts';
import { type NatsBus, RemoteCallError, httpLatency, httpRequests } from '@bleedkits/platform';
import { statusForCode } from '../../errors/http-error.filter';
import { acceptsGzip, readReplyFrame, writeRelayedReply } from './reply-relay';

type HotRoute = { subject: string; parse: (q: Record<string, unknown>) => Parsed<unknown>; summary: string; params: string[] };

/** The finder's three map calls: public, read-only, anonymous, and the busiest routes of the register. */
export const HOT_FINDER_ROUTES: Readonly<Record<string, HotRoute>> = {
  '/api/bleed-kits/public': {
    subject: GeoSearchSubjects.viewport,
    parse: parseViewportQuery,
    summary: 'Public kits of a map viewport, or server clusters whose counts add up to the kits in the box; never more than limit (≤ 1000).',
    params: ['north', 'south', 'east', 'west', 'zoom', 'limit'],
  },
  '/api/bleed-kits/nearby': {
    subject: GeoSearchSubjects.nearby,
    parse: parseNearbyQuery,
    summary: 'The nearest public kits within radius km (default 25), nearest first, each with distance in km; limit default 100, at most 1000.',
    params: ['lat', 'lng', 'radius', 'limit'],
  },
  '/api/bleed-kits/search': {
    subject: GeoSearchSubjects.search,
    parse: parseSearchQuery,
    summary: 'Kits near a postcode, outward code or place, nearest first; the place found is in the X-Search-Place header. 404 when not found.',
    params: ['location'],
  },
};

const ASK_FOR_GZIP: Readonly<Record<string, string>> = { [GeoSearchWire.acceptEncodingHeader]: GeoSearchWire.gzip };

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(Buffer.byteLength(text)));
  res.end(text);
}

/**
 * Answers the hot finder routes straight from Node's HTTP server, ahead of Express, sessions, security headers
 * meant for HTML and the Nest pipeline, none of which a public read-only query needs: one NATS request, reply bytes
 * relayed untouched (already gzipped by geo-search when the browser accepts gzip). Measured, the Nest stack cost
 * the gateway about 0.6 ms of CPU per request, the ceiling of the whole finder (bench/README.md).
 * Returns false for any other request.
 */
export function finderFastPath(bus: NatsBus) {
  const logger = new Logger('FinderFastPath');
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = HOT_FINDER_ROUTES[path];
    if (!route) return false;
    const endTimer = httpLatency.startTimer({ method: req.method, route: path });
    res.on('finish', () => {
      endTimer();
      httpRequests.inc({ method: req.method!, route: path, status: String(res.statusCode) });
    });
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const parsed = route.parse(q < 0 ? {} : parseQueryString(url.slice(q + 1)));
    if (!parsed.ok) {
      sendJson(res, 400, { message: parsed.message, errors: [parsed.message] });
      return true;
    }
    const gzip = acceptsGzip(req);
    bus
      .requestRaw(route.subject, Buffer.from(JSON.stringify(parsed.value)), undefined, gzip ? ASK_FOR_GZIP : undefined)
      .then((bytes) => writeRelayedReply(res, readReplyFrame(bytes), gzip))
      .catch((error: unknown) => {
        if (res.headersSent) return;
        const errorId = randomUUID();
        if (error instanceof RemoteCallError) {
          const status = statusForCode(error.body.code);
          if (status === 503) res.setHeader('Retry-After', '1');
          if (status < 500) return sendJson(res, status, { message: error.body.message });
          logger.warn({ errorId, subject: error.subject, code: error.body.code }, error.body.message);
          return sendJson(res, status, { message: error.body.message, errorId });
        }
        logger.error({ errorId, err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, 'finder query failed');
        sendJson(res, 500, { message: 'Internal server error', errorId });
      });
    return true;
  };
}

/** Puts the finder's fast path in front of the server's request handler (Express, under Nest). */
export function serveFinderAheadOf(server: Server, bus: NatsBus): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error(`expected one HTTP request handler, found ${handlers.length}`);
  const [next] = handlers;
  const finder = finderFastPath(bus);
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!finder(req, res)) next(req, res);
  });
}

/** The fast-path routes are not Nest routes, so the OpenAPI document describes them here. */
export function describeFinderRoutes(document: OpenAPIObject): OpenAPIObject {
  for (const [path, route] of Object.entries(HOT_FINDER_ROUTES)) {
    document.paths[path] = {
      get: {
        tags: ['finder'],
        summary: route.summary,
        parameters: route.params.map((name) => ({ name, in: 'query', required: name !== 'limit' && name !== 'zoom' && name !== 'radius', schema: { type: name === 'location' ? 'string' : 'number' } })),
        responses: { '200': { description: 'JSON array' }, '400': { description: 'invalid parameter' }, '404': { description: 'place not found (search)' }, '503': { description: 'index starting or service unavailable' } },
      },
    };
  }
  return document;
}
