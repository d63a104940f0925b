import { gzipSync } from 'node:zlib';
import { ErrorCode, GeoSearchWire, type ServiceErrorBody, geoErrorFrame, geoReplyLine, readGeoReplyFrame } from '@bleedkits/contracts';
import type { Answer } from '../queries/answer';

/**
 * Writes the byte wire of geo-search's hot subjects (contracts: finder/geo-search-wire.ts):
 *
 *   ok[ gzip][ tag=<index tag>][ <meta JSON>]\n<body>
 *   error\n<ServiceErrorBody JSON>
 */

/**
 * The answer framed for the requested encoding, at the tag `tag` (the index's current one: a cached answer that no
 * change affected is the answer at the current tag). The body is gzipped at level 1 (higher levels cost
 * several times more for a few per cent) once per answer, synchronously here: zlib's asynchronous form and leaving
 * one-off answers to the gateway's thread pool both measured slower (bench/README.md, "Known problems"). Bodies up to
 * GeoSearchWire.compressAboveBytes are sent as they are.
 */
export function framedAnswer(answer: Answer, gzip: boolean, tag: string | null): Buffer {
  const want = gzip && answer.compressible;
  if (answer.framed.tag !== tag) answer.framed = { plain: null, gzip: null, tag };
  const cached = want ? answer.framed.gzip : answer.framed.plain;
  if (cached) return cached;
  let body = answer.body;
  let gzipped = false;
  if (want && answer.body.byteLength > GeoSearchWire.compressAboveBytes) {
    answer.gzipped ??= gzipSync(answer.body, { level: 1 });
    body = answer.gzipped;
    gzipped = true;
  }
  const frame = Buffer.concat([Buffer.from(`${geoReplyLine({ gzip: gzipped, tag, meta: answer.meta })}\n`, 'latin1'), body]);
  if (want) answer.framed.gzip = frame;
  else answer.framed.plain = frame;
  return frame;
}

export function errorFrame(error: ServiceErrorBody): Buffer {
  return Buffer.from(geoErrorFrame(error), 'utf8');
}

/** The answer's outcome for the Bk-Outcome header: 'ok' or the error code. */
export function outcomeOf(frame: Buffer): string {
  if (frame[0] === 0x6f /* o */) return 'ok';
  const decoded = readGeoReplyFrame(frame);
  return decoded.ok ? 'ok' : decoded.error.code;
}

export const internalError = (errorId: string): ServiceErrorBody => ({ code: ErrorCode.Internal, message: 'Internal server error', errorId });

/** The reader's side, for tests and tools (the gateway uses the contracts' reader directly). */
export const decodeReply = readGeoReplyFrame;
