import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Bodies above this are gzipped for clients that accept it; below, compression costs more than it saves. */
export const COMPRESS_ABOVE_BYTES = 1024;
const NEWLINE = 0x0a;

export type RelayedReply = { status: number; place: string | null; body: Buffer };

/**
 * Reads geo-search's reply frame, `<status>[ <meta JSON>]\n<body>` (services/geo-search/README.md, "Wire"),
 * without parsing the body: the body is a view of the reply bytes, passed to the browser untouched.
 */
export function readReplyFrame(bytes: Uint8Array): RelayedReply {
  const end = bytes.indexOf(NEWLINE);
  const status = end >= 3 ? (bytes[0] - 48) * 100 + (bytes[1] - 48) * 10 + (bytes[2] - 48) : NaN;
  if (!(status >= 100 && status <= 599)) throw new Error('geo-search answered an unreadable reply');
  let place: string | null = null;
  if (end > 4) {
    const meta = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 4, end - 4).toString('utf8')) as { place?: unknown };
    // The service escapes every non-ASCII character, so the header value is plain ASCII.
    if (meta.place) place = JSON.stringify(meta.place).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  return { status, place, body: Buffer.from(bytes.buffer, bytes.byteOffset + end + 1, bytes.byteLength - end - 1) };
}

function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Writes a relayed reply: its status, JSON content type, the search place header, gzip level 1 when worth it. */
export async function writeRelayedReply(req: Request, res: Response, reply: RelayedReply): Promise<void> {
  let body = reply.body;
  res.status(reply.status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  if (reply.place) res.setHeader('X-Search-Place', reply.place);
  if (reply.status === 503) res.setHeader('Retry-After', '1');
  if (body.length > COMPRESS_ABOVE_BYTES && acceptsGzip(req)) {
    body = await gzipAsync(body, { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
