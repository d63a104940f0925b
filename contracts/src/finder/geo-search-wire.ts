/**
 * The byte wire of geo-search's hot subjects (viewport, nearby, search), shared by geo-search (writer) and the
 * gateway (reader). The gateway relays the body to the browser without parsing it, so the answer is serialised
 * (and, for clients that accept it, compressed) once, in geo-search, where it can be cached.
 *
 *   request:  JSON object of the query parameters; NATS header `Bk-Accept-Encoding: gzip` when the browser accepts gzip
 *   reply:    <3-digit HTTP status>[ gzip][ <meta JSON>]\n<body>
 *
 * `gzip` marks a gzip-compressed body (only ever sent to a request that asked for it). `meta` is ASCII-only JSON
 * without a newline, present only on search answers: {"place":{lat,lng,label,source}}.
 */
export const GeoSearchWire = {
  acceptEncodingHeader: 'Bk-Accept-Encoding',
  /** The status again as a NATS header, for tools that read headers; the gateway reads the frame. */
  statusHeader: 'Bk-Status',
  gzip: 'gzip',
  /** Smaller bodies are not worth compressing (header and CPU cost more than they save). */
  compressAboveBytes: 1024,
} as const;

export type GeoReplyMeta = { place?: { lat: number; lng: number; label: string; source: string } };
export type GeoReplyFrame = { status: number; gzip: boolean; meta: GeoReplyMeta | null; body: Uint8Array };

const NEWLINE = 0x0a;
const GZIP_TOKEN = ` ${GeoSearchWire.gzip}`;

/** JSON with every non-ASCII character escaped, so it can travel in a status line and an HTTP header. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The frame's first line, without its newline. */
export function geoReplyLine(status: number, options: { gzip?: boolean; meta?: GeoReplyMeta } = {}): string {
  return `${status}${options.gzip ? GZIP_TOKEN : ''}${options.meta ? ` ${asciiJson(options.meta)}` : ''}`;
}

/** Reads a reply frame without copying or parsing the body (a view of the same bytes). */
export function readGeoReplyFrame(bytes: Uint8Array): GeoReplyFrame {
  const end = bytes.indexOf(NEWLINE);
  const status = end >= 3 ? (bytes[0] - 48) * 100 + (bytes[1] - 48) * 10 + (bytes[2] - 48) : NaN;
  if (!(status >= 100 && status <= 599)) throw new Error('geo-search answered an unreadable reply');
  let line = end > 3 ? latin1(bytes.subarray(3, end)) : '';
  const gzip = line.startsWith(GZIP_TOKEN);
  if (gzip) line = line.slice(GZIP_TOKEN.length);
  const meta = line.length > 1 ? (JSON.parse(line.slice(1)) as GeoReplyMeta) : null;
  return { status, gzip, meta, body: bytes.subarray(end + 1) };
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}
