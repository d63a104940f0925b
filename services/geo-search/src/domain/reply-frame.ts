import { gzipSync } from 'node:zlib';
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

/**
 * The same answer with its body gzipped at level 1 (~1 ms per 120 KB; higher levels cost several times more for a
 * few per cent), or the frame itself when the body is too small to be worth it. Here and synchronous, on purpose:
 * zlib's asynchronous form (stream machinery, thread-pool round trips per 16 KB) and leaving one-off answers to the
 * gateway's thread pool both measured slower (bench/README.md, "Known problems").
 */
export function gzipReply(frame: Buffer): Buffer {
  const decoded = readGeoReplyFrame(frame);
  if (decoded.gzip || decoded.body.byteLength <= GeoSearchWire.compressAboveBytes) return frame;
  const line = geoReplyLine(decoded.status, { gzip: true, meta: decoded.meta ?? undefined });
  return Buffer.concat([Buffer.from(`${line}\n`, 'latin1'), gzipSync(decoded.body, { level: 1 })]);
}

/** A cached answer in the encoding the request asked for; the gzipped form is made once, on first demand. */
export class EncodedAnswer {
  private gzipped: Buffer | null = null;

  constructor(readonly identity: Buffer) {}

  encoded(gzip: boolean): Buffer {
    if (!gzip) return this.identity;
    this.gzipped ??= gzipReply(this.identity);
    return this.gzipped;
  }

  get byteLength(): number {
    return this.identity.byteLength + (this.gzipped && this.gzipped !== this.identity ? this.gzipped.byteLength : 0);
  }
}

export type DecodedReply = GeoReplyFrame;

/** The reader's side, for tests and tools (the gateway uses the contracts' reader directly). */
export const decodeReply = readGeoReplyFrame;
