import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ErrorCode, type PublicSnapshotChunkRequest, readGeoReplyFrame } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { type NatsBus, RemoteCallError } from '@bleedkits/platform';
import { acceptsGzip } from './reply-relay';

const gunzipAsync = promisify(gunzip);

/** A document that changes between two chunk reads (another replica, a rebuild) is read again from the start, this often. */
const ATTEMPTS = 3;
/** Chunk reads of one document, at most: 64 × 512 KB is far beyond a million kits' snapshot. */
const MAX_CHUNKS = 256;

export type SnapshotAnswer = { status: 200; etag: string; gzipped: Buffer; kits: number } | { status: 304; etag: string };

/** One chunk; a coded error of geo-search is thrown as the caller's RemoteCallError (mapped to HTTP in one place). */
async function ask(bus: NatsBus, request: PublicSnapshotChunkRequest) {
  const frame = readGeoReplyFrame(await bus.requestRaw(GeoSearchSubjects.publicSnapshot, Buffer.from(JSON.stringify(request))));
  if (frame.ok) return frame;
  if (frame.error.code === ErrorCode.Conflict) return null;
  throw new RemoteCallError(frame.error, GeoSearchSubjects.publicSnapshot);
}

const failure = (code: ErrorCode, message: string) => new RemoteCallError({ code, message }, GeoSearchSubjects.publicSnapshot);

/**
 * Reads the gzipped public snapshot from geo-search chunk by chunk (nothing unbounded crosses NATS) and assembles
 * it. `ifNoneMatch` lets geo-search answer 'not modified' at once when the browser's copy is current.
 */
export async function readPublicSnapshot(bus: NatsBus, ifNoneMatch: string | undefined): Promise<SnapshotAnswer> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const first = await ask(bus, { offset: 0, ...(ifNoneMatch ? { ifNoneMatch } : {}) });
    const meta = first?.meta?.snapshot;
    if (!first || !meta) throw failure(ErrorCode.Internal, 'geo-search answered a snapshot chunk without its position');
    if (meta.notModified) return { status: 304, etag: meta.etag };
    const chunks = [Buffer.from(first.body)];
    let offset = first.body.byteLength;
    let changed = false;
    for (let n = 1; offset < meta.total && n < MAX_CHUNKS; n++) {
      // A replica holding another document answers 'conflict': start again.
      const next = await ask(bus, { offset, etag: meta.etag });
      if (!next) {
        changed = true;
        break;
      }
      if (next.body.byteLength === 0) throw failure(ErrorCode.Internal, 'The snapshot could not be read whole.');
      chunks.push(Buffer.from(next.body));
      offset += next.body.byteLength;
    }
    if (changed) continue;
    if (offset !== meta.total) throw failure(ErrorCode.Internal, 'The snapshot could not be read whole.');
    return { status: 200, etag: meta.etag, gzipped: Buffer.concat(chunks, offset), kits: meta.kits };
  }
  throw failure(ErrorCode.ServiceUnavailable, 'The snapshot is changing; please try again.');
}

/**
 * GET /api/bleed-kits/public-snapshot: the gzipped document as geo-search made it (Content-Encoding gzip), or
 * unzipped for the rare client that does not accept gzip; a weak ETag (the same kits whatever the encoding) and 304.
 * no-cache: the browser keeps it, but asks (cheaply, with If-None-Match) before using it again.
 */
export async function writePublicSnapshot(req: IncomingMessage, res: ServerResponse, answer: SnapshotAnswer): Promise<void> {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', answer.etag);
  if (answer.status === 304) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.statusCode = 200;
  res.setHeader('X-Kit-Count', String(answer.kits));
  let body = answer.gzipped;
  if (acceptsGzip(req)) res.setHeader('Content-Encoding', 'gzip');
  else body = await gunzipAsync(body);
  res.setHeader('Content-Length', String(body.byteLength));
  res.end(req.method === 'HEAD' ? undefined : body);
}
