/**
 * The byte wire of geo-search's hot subjects (services/geo-search/README.md, "Wire"): a status line, then the
 * JSON body exactly as the gateway sends it to the browser.
 *
 *   <3-digit HTTP status>[ <meta JSON>]\n<body>
 *
 * The meta JSON (ASCII only, no newline) is present only on search answers: {"place":{lat,lng,label,source}}.
 */
export type ReplyMeta = { place?: { lat: number; lng: number; label: string; source: string } };

const NEWLINE = 0x0a;

/** JSON with every non-ASCII character escaped, so it can travel in a status line and an HTTP header. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function frameReply(status: number, body: string, meta?: ReplyMeta): Buffer {
  const line = meta ? `${status} ${asciiJson(meta)}` : String(status);
  return Buffer.from(`${line}\n${body}`, 'utf8');
}

export function errorReply(status: number, message: string): Buffer {
  return frameReply(status, JSON.stringify({ message }));
}

export type DecodedReply = { status: number; meta: ReplyMeta | null; body: Uint8Array };

/** The reader's side (the gateway has its own copy of these few lines; tests use this one). */
export function decodeReply(bytes: Uint8Array): DecodedReply {
  const end = bytes.indexOf(NEWLINE);
  if (end < 3) throw new Error('not a geo-search reply frame');
  const status = (bytes[0] - 48) * 100 + (bytes[1] - 48) * 10 + (bytes[2] - 48);
  const meta = end > 4 ? (JSON.parse(Buffer.from(bytes.subarray(4, end)).toString('utf8')) as ReplyMeta) : null;
  return { status, meta, body: bytes.subarray(end + 1) };
}
