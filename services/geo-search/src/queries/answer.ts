import type { GeoReplyMeta } from '@bleedkits/contracts';

/**
 * A query's answer: the JSON body the browser receives (bytes, serialised once), the index tag it was made at (null
 * when the index does not name it) and, for search and snapshot chunks, its meta. The transport keeps the encodings it
 * makes of it here (the gzipped body, the framed reply of the current tag), so a cached answer is compressed once.
 */
export class Answer {
  /** Filled by the transport: the body gzipped (or the body itself when too small to be worth it). */
  gzipped: Buffer | null = null;
  /** Filled by the transport: the framed reply per encoding, for `framedTag`. */
  framed: { plain: Buffer | null; gzip: Buffer | null; tag: string | null } = { plain: null, gzip: null, tag: null };

  constructor(
    readonly body: Buffer,
    readonly tag: string | null = null,
    readonly meta: GeoReplyMeta | null = null,
    /** False for bodies that are already compressed (public-snapshot chunks). */
    readonly compressible = true,
  ) {}

  static json(fragments: readonly string[], tag: string | null, meta: GeoReplyMeta | null = null): Answer {
    return new Answer(Buffer.from(`[${fragments.join(',')}]`, 'utf8'), tag, meta);
  }

  /** Memory the answer and its encodings hold (the viewport cache is bounded by it). */
  get byteLength(): number {
    const { plain, gzip } = this.framed;
    return (
      this.body.byteLength +
      (this.gzipped && this.gzipped !== this.body ? this.gzipped.byteLength : 0) +
      (plain?.byteLength ?? 0) +
      (gzip?.byteLength ?? 0)
    );
  }
}
