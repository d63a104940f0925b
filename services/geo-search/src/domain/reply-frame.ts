import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type GeoReplyFrame, type GeoReplyMeta, GeoSearchWire, geoReplyLine, readGeoReplyFrame } from '@bleedkits/contracts';

/**
 * Writes the byte wire of geo-search's hot subjects (contracts: finder/geo-search-wire.ts):
 *
 *   <3-digit HTTP status>[ gzip][ <meta JSON>]\n<body>
 */
export type ReplyMeta = GeoReplyMeta;

export function frameReply(status: number, body: string, meta?: ReplyMeta): Buffer {
  return Buffer.from(`${geoReplyLine(status, { meta })}\n${body}`, 'utf8');
}

export function errorReply(status: number, message: string): Buffer {
  return frameReply(status, JSON.stringify({ message }));
}

const gzipAsync = promisify(gzip);

/**
 * The same answer with its body gzipped at level 1 (~1 ms per 120 KB; higher levels cost several times more for a
 * few per cent), or the frame itself when the body is too small to be worth it. zlib runs on libuv's thread pool,
 * so the event loop goes on answering queries (at a million kits the loop, not the machine, is the limit).
 */
export async function gzipReply(frame: Buffer): Promise<Buffer> {
  const decoded = readGeoReplyFrame(frame);
  if (decoded.gzip || decoded.body.byteLength <= GeoSearchWire.compressAboveBytes) return frame;
  const line = geoReplyLine(decoded.status, { gzip: true, meta: decoded.meta ?? undefined });
  return Buffer.concat([Buffer.from(`${line}\n`, 'latin1'), await gzipAsync(decoded.body, { level: 1 })]);
}

/** An answer in the encoding the request asked for; the gzipped form is made once, on first demand. */
export class EncodedAnswer {
  private gzipping: Promise<Buffer> | null = null;
  private gzipped: Buffer | null = null;

  constructor(readonly identity: Buffer) {}

  encoded(gzip: boolean): Buffer | Promise<Buffer> {
    if (!gzip) return this.identity;
    if (this.gzipped) return this.gzipped;
    this.gzipping ??= gzipReply(this.identity).then(
      (b) => (this.gzipped = b),
      (error: unknown) => {
        this.gzipping = null; // the next request tries again rather than failing for the life of the cache entry
        throw error;
      },
    );
    return this.gzipping;
  }

  get byteLength(): number {
    return this.identity.byteLength + (this.gzipped && this.gzipped !== this.identity ? this.gzipped.byteLength : 0);
  }
}

export type DecodedReply = GeoReplyFrame;

/** The reader's side, for tests and tools (the gateway uses the contracts' reader directly). */
export const decodeReply = readGeoReplyFrame;
