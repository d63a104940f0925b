import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { GeoSearchWire, asciiJson, readGeoReplyFrame } from '@bleedkits/contracts';

const gzipAsync = promisify(gzip);

export type RelayedReply = { status: number; gzip: boolean; place: string | null; body: Buffer };

/**
 * Reads geo-search's reply frame (contracts: finder/geo-search-wire.ts) without parsing the body: the body is a
 * view of the reply bytes, passed to the browser untouched.
 */
export function readReplyFrame(bytes: Uint8Array): RelayedReply {
  const frame = readGeoReplyFrame(bytes);
  return {
    status: frame.status,
    gzip: frame.gzip,
    // An HTTP header value must be ASCII: non-ASCII characters of the place's label stay \u-escaped.
    place: frame.meta?.place ? asciiJson(frame.meta.place) : null,
    body: Buffer.from(frame.body.buffer, frame.body.byteOffset, frame.body.byteLength),
  };
}

/** Whether the request's Accept-Encoding allows gzip (every browser sends `gzip, deflate, br`). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Writes a relayed reply: its status, JSON content type, the search place header. geo-search gzips the body when
 * asked; a large identity body for a client that accepts gzip (a replica that did not compress) is gzipped here.
 */
export async function writeRelayedReply(res: ServerResponse, reply: RelayedReply, clientAcceptsGzip: boolean): Promise<void> {
  let body = reply.body;
  res.statusCode = reply.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  if (reply.place) res.setHeader('X-Search-Place', reply.place);
  if (reply.status === 503) res.setHeader('Retry-After', '1');
  if (reply.gzip) {
    res.setHeader('Content-Encoding', 'gzip');
  } else if (clientAcceptsGzip && body.length > GeoSearchWire.compressAboveBytes) {
    body = await gzipAsync(body, { level: 1 });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
