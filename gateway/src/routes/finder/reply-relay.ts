import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GeoSearchWire, type ServiceErrorBody, asciiJson, readGeoReplyFrame } from '@bleedkits/contracts';

export type RelayedReply =
  { ok: true; gzip: boolean; tag: string | null; place: string | null; body: Buffer } | { ok: false; error: ServiceErrorBody };

/**
 * Reads geo-search's reply frame (contracts: finder/geo-search-wire.ts) without parsing the body: the body is a
 * view of the reply bytes, passed to the browser untouched. A failure is geo-search's coded error.
 */
export function readReplyFrame(bytes: Uint8Array): RelayedReply {
  const frame = readGeoReplyFrame(bytes);
  if (!frame.ok) return frame;
  return {
    ok: true,
    gzip: frame.gzip,
    tag: frame.tag,
    // An HTTP header value must be ASCII: non-ASCII characters of the place's label stay \u-escaped.
    place: frame.meta?.place ? asciiJson(frame.meta.place) : null,
    body: Buffer.from(frame.body.buffer, frame.body.byteOffset, frame.body.byteLength),
  };
}

/** Accept-Encoding values already read: clients send a handful of distinct ones (bounded, in case of junk). */
const gzipAcceptedBy = new Map<string, boolean>();
const ACCEPT_ENCODINGS_KEPT = 256;

/** Whether the request's Accept-Encoding allows gzip (every browser sends `gzip, deflate, br`). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  let accepted = gzipAcceptedBy.get(header);
  if (accepted === undefined) {
    accepted = allowsGzip(header);
    if (gzipAcceptedBy.size >= ACCEPT_ENCODINGS_KEPT) gzipAcceptedBy.clear();
    gzipAcceptedBy.set(header, accepted);
  }
  return accepted;
}

function allowsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The strong ETag of a viewport or nearby answer: the answers' format, the content hash of the index (the content
 * part of its tag) and the normalised request name its bytes exactly (every replica holding those kits answers the
 * same bytes), and the variant (gzip or identity) its encoding. A change of the public kits gives a new content hash,
 * so an answer after such a change carries a new ETag.
 */
export function finderETag(content: string, requestKey: string, gzipVariant: boolean): string {
  const request = createHash('sha1').update(requestKey).digest('base64url').slice(0, 16);
  return `"${GeoSearchWire.answerFormat}-${content}-${request}${gzipVariant ? '-gz' : ''}"`;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks of If-None-Match; `*` matches any). */
export function ifNoneMatchHolds(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string' || header.length > 4096) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

export type FinderCaching = { cacheControl: string; etag?: string };

/**
 * The headers of an answer: its JSON content type, the search place header and the caching headers. Worked out
 * once per answer so the cache can keep them with its bytes and a hit is one writeHead.
 */
export function answerHeaders(body: Buffer, gzip: boolean, caching: FinderCaching, place: string | null = null): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': caching.cacheControl,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  };
  if (caching.etag) headers.ETag = caching.etag;
  if (place) headers['X-Search-Place'] = place;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.length);
  return headers;
}

/** An answer's body (gzipped when `gzip`) with its headers (answerHeaders, or the ones the cache kept). */
export function writeAnswer(res: ServerResponse, body: Buffer, headers: Readonly<Record<string, string>>): void {
  res.writeHead(200, headers);
  res.end(body);
}

/** 304: the copy the client named is the current answer. */
export function writeNotModified(res: ServerResponse, caching: FinderCaching): void {
  const headers: Record<string, string> = { 'Cache-Control': caching.cacheControl, Vary: 'Accept-Encoding', 'X-Content-Type-Options': 'nosniff' };
  if (caching.etag) headers.ETag = caching.etag;
  res.writeHead(304, headers);
  res.end();
}
