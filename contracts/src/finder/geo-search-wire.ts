import { ErrorCode, type ServiceErrorBody, isServiceErrorBody } from '../errors';
import type { NearbyQuery, ViewportQuery } from './finder';

/**
 * The byte wire of geo-search's hot subjects (viewport, nearby, search, public snapshot), shared by geo-search
 * (writer) and the gateway (reader). The gateway relays the body to the browser without parsing it, so the answer is
 * serialised (and, for clients that accept it, compressed) once, in geo-search, where it can be cached.
 *
 *   request:  JSON object of the query parameters; NATS header `Bk-Accept-Encoding: gzip` when the browser accepts gzip
 *   reply:    ok[ gzip][ tag=<index tag>][ <meta JSON>]\n<body>
 *             error\n<ServiceErrorBody JSON>
 *
 * A failure is a coded error ({code, message, errors?, errorId?}, contracts/errors.ts), mapped to HTTP by the
 * gateway's one switch like every other context's. `gzip` marks a gzip-compressed body (only ever sent to a request
 * that asked for it). `tag` names the state of the index the answer was made from (indexTag below). `meta` is
 * ASCII-only JSON without a newline: the place of a search answer, a public-snapshot chunk's position.
 */
export const GeoSearchWire = {
  acceptEncodingHeader: 'Bk-Accept-Encoding',
  /** The outcome again as a NATS header ('ok' or the error code), for tools that read headers; the gateway reads the frame. */
  outcomeHeader: 'Bk-Outcome',
  gzip: 'gzip',
  /** Smaller bodies are not worth compressing (header and CPU cost more than they save). */
  compressAboveBytes: 1024,
  /** The byte format of the answers; part of every ETag, so answers of another format never share a validator. */
  answerFormat: 1,
  /** A replica announces its index tag and its name this often (geo-search.evt.index-changed.v1). */
  announceEveryMs: 1000,
  /**
   * A replica not heard for this long is not asked: cut off from the network, it cannot say so, and NATS keeps its
   * queue-group subscription until its pings fail (tens of seconds), so a query given to it would wait and fail.
   */
  silentAfterMs: 2500,
} as const;

/**
 * A replica's own copy of a hot subject: the gateway names the replica it asks (one it heard from lately), so a
 * query that replica does not answer is asked of another one, not of the queue group's random choice again.
 */
export const replicaSubject = (subject: string, replica: string): string => `${subject}.replica.${replica}`;

/** geo-search.evt.index-changed.v1: the index's tag, from the replica named (every change, and every second). */
export type IndexAnnouncement = { tag: string; replica?: string };

export type GeoReplyMeta = {
  place?: { lat: number; lng: number; label: string; source: string };
  /** Public-snapshot chunks: the body is bytes [offset, offset + body length) of a gzipped document of `total` bytes. */
  snapshot?: PublicSnapshotChunkMeta;
};

/** The public snapshot's request: a chunk from `offset` of the document `etag` (the current one when omitted). */
export type PublicSnapshotChunkRequest = { offset?: number; etag?: string; ifNoneMatch?: string };
/** `notModified`: the document named by the request's ifNoneMatch is the current one (no body). */
export type PublicSnapshotChunkMeta = { etag: string; offset: number; total: number; kits: number; notModified?: boolean };

export type GeoReplyFrame =
  { ok: true; gzip: boolean; tag: string | null; meta: GeoReplyMeta | null; body: Uint8Array } | { ok: false; error: ServiceErrorBody };

const NEWLINE = 0x0a;
const OK = 'ok';
const ERROR = 'error';
const GZIP_TOKEN = ` ${GeoSearchWire.gzip}`;
const TAG_TOKEN = ' tag=';

/** JSON with every non-ASCII character escaped, so it can travel in a status line and an HTTP header. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first line of a successful answer, without its newline. */
export function geoReplyLine(options: { gzip?: boolean; tag?: string | null; meta?: GeoReplyMeta | null } = {}): string {
  return `${OK}${options.gzip ? GZIP_TOKEN : ''}${options.tag ? `${TAG_TOKEN}${options.tag}` : ''}${options.meta ? ` ${asciiJson(options.meta)}` : ''}`;
}

/** A failed answer: the coded error, whole. */
export function geoErrorFrame(error: ServiceErrorBody): string {
  return `${ERROR}\n${JSON.stringify(error)}`;
}

/** Reads a reply frame without copying or parsing the body of an answer (a view of the same bytes). */
export function readGeoReplyFrame(bytes: Uint8Array): GeoReplyFrame {
  const end = bytes.indexOf(NEWLINE);
  if (end < 2) throw new Error('geo-search answered an unreadable reply');
  let line = latin1(bytes.subarray(0, end));
  if (line === ERROR) {
    let error: unknown = null;
    try {
      error = JSON.parse(new TextDecoder().decode(bytes.subarray(end + 1)));
    } catch {
      // reported below as an internal error
    }
    return { ok: false, error: isServiceErrorBody(error) ? error : { code: ErrorCode.Internal, message: 'geo-search answered an unreadable error' } };
  }
  if (!line.startsWith(OK)) throw new Error('geo-search answered an unreadable reply');
  line = line.slice(OK.length);
  const gzip = line.startsWith(GZIP_TOKEN);
  if (gzip) line = line.slice(GZIP_TOKEN.length);
  let tag: string | null = null;
  if (line.startsWith(TAG_TOKEN)) {
    const stop = line.indexOf(' ', TAG_TOKEN.length);
    tag = line.slice(TAG_TOKEN.length, stop < 0 ? undefined : stop);
    line = stop < 0 ? '' : line.slice(stop);
  }
  const meta = line.length > 1 ? (JSON.parse(line.slice(1)) as GeoReplyMeta) : null;
  return { ok: true, gzip, tag, meta, body: bytes.subarray(end + 1) };
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

// ---- The index tag: which state of the public projection an answer was made from ------------------------------

/**
 * `<revision>-<content>`: the feed revision the replica had applied (to tell which of two replicas is further on), and
 * a 64-bit hash of the public kits it holds (their JSON, as served), the same whatever order the changes came in. Two
 * replicas with the same content answer the same bytes to the same request, so answers are cached and validated by
 * the content part alone.
 */
export function indexTag(revision: number, content: string): string {
  return `${revision}-${content}`;
}

/** The content part of a tag (what ETags and cached answers are keyed by). */
export function indexTagContent(tag: string): string {
  return tag.slice(tag.indexOf('-') + 1);
}

/** Whether tag `a` names a later feed revision than `b`; null is the earliest. */
export function isNewerIndexTag(a: string | null, b: string | null): boolean {
  if (!a) return false;
  if (!b) return true;
  return Number(a.slice(0, a.indexOf('-'))) > Number(b.slice(0, b.indexOf('-')));
}

// ---- What an answer depends on: the normalised request ------------------------------------------------------------

/** Web Mercator in the unit square, as map tiles use it: x from longitude, y from latitude (clamped at ±85.05°). */
export function mercatorX(lng: number): number {
  return lng / 360 + 0.5;
}
export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
export function longitudeOfX(x: number): number {
  return (x - 0.5) * 360;
}
export function latitudeOfY(y: number): number {
  const y2 = ((180 - y * 360) * Math.PI) / 180;
  return (360 * Math.atan(Math.exp(y2))) / Math.PI - 90;
}

/** Cells per tile side: a viewport is answered for the map cells of 1/8 tile it touches (32 px of a 256-px tile). */
export const VIEWPORT_CELLS_PER_TILE_LOG2 = 3;

/**
 * The map cells a viewport answer covers: cells of 1/8 tile at the zoom (grid `level` = zoom + 3 of the Mercator
 * square), from column `west` to `east` and row `north` to `south`, inclusive; `west > east` wraps across the
 * antimeridian. A kit is in the answer's box when its cell at that level is in these ranges: the box is the viewport
 * rounded outwards to whole cells, so nearby pans share one answer and a kit on screen is never left out.
 */
export type ViewportCells = { zoom: number; level: number; west: number; east: number; north: number; south: number };

export function viewportCells(q: Pick<ViewportQuery, 'north' | 'south' | 'east' | 'west' | 'zoom'>): ViewportCells {
  const zoom = Math.floor(q.zoom);
  const level = zoom + VIEWPORT_CELLS_PER_TILE_LOG2;
  const last = 2 ** level - 1;
  const cell = (v: number) => Math.min(last, Math.max(0, Math.floor(v * 2 ** level)));
  let west = cell(mercatorX(q.west));
  let east = cell(mercatorX(q.east));
  // A crossing box whose rounding closed its gap covers every longitude.
  if (q.west > q.east && west <= east) {
    west = 0;
    east = last;
  }
  return { zoom, level, west, east, north: cell(mercatorY(q.north)), south: cell(mercatorY(q.south)) };
}

/** The box of a viewport's cells in degrees (west > east when it wraps), for people and tests. */
export function viewportCellsBox(c: ViewportCells): { north: number; south: number; east: number; west: number } {
  const size = 2 ** c.level;
  return {
    north: latitudeOfY(c.north / size),
    south: latitudeOfY((c.south + 1) / size),
    west: longitudeOfX(c.west / size),
    east: longitudeOfX((c.east + 1) / size),
  };
}

/**
 * The normalised request an answer depends on, the same for every spelling of it: a viewport by its cells and limit,
 * nearby by its numbers. Answers (geo-search's and the gateway's caches) and ETags are keyed by it.
 */
export function viewportRequestKey(q: ViewportQuery): string {
  const c = viewportCells(q);
  return `v:${c.level}:${c.west}:${c.east}:${c.north}:${c.south}:${q.limit}`;
}
export function nearbyRequestKey(q: NearbyQuery): string {
  return `n:${q.lat}:${q.lng}:${q.radius}:${q.limit}`;
}
