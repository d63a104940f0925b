import { indexTagContent, isNewerIndexTag } from '@bleedkits/contracts';

/**
 * A cached answer: its body as sent, whether that body is gzipped, its ETag, and the whole set of response headers
 * worked out once (a hit is written with one writeHead, as a bare server would).
 */
export type CachedAnswer = { body: Buffer; gzip: boolean; etag: string; headers: Readonly<Record<string, string>> };
type Entry = CachedAnswer & { content: string; bytes: number };

/** Bytes counted per entry beyond its body (key, object, map slot). */
const OVERHEAD = 200;
/** Requests remembered (by key alone) so an answer is kept from its second asking. */
const SEEN_ONCE_KEYS = 20_000;
/** Appended to a request's key for the answer to a client that does not accept gzip (the rare variant). */
const PLAIN = '|plain';

/**
 * The gateway's small cache of hot public answers (viewport and nearby), keyed by the content part of geo-search's
 * index tag and the normalised request, bounded in bytes (the oldest out first: a hit costs one lookup, no
 * reordering). An answer is served from it only for the content the gateway believes current: that of the newest
 * tag (by feed revision) a replica announced (geo-search.evt.index-changed.v1) or answered with. A change of the
 * public kits gives a new content hash, so every answer of the old one stops being served at once; a change that
 * alters no public kit keeps the cache. What the gateway believes is trusted only `ttlMs` without news, so a lost
 * announcement costs a few seconds at most. An answer itself does not age: the same kits and the same request give
 * the same bytes, so it stays right for as long as its content is current (expiring it only sent the hottest views
 * back to geo-search all at once every few seconds). An answer is kept from the second time it is asked, not the
 * first, as geo-search keeps its own: a view asked once (most of a cold mix) would only cost a copy of its bytes and
 * push a hot answer out.
 *
 * Entries are found by the request's key alone, the string the fast path already holds (its hash is worked out once),
 * and carry the content they were made for: a hit builds no string, and an answer for new content replaces the old
 * one instead of waiting to be pushed out.
 */
export class FinderAnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys asked once recently, oldest first (a doorkeeper: only keys, never answers). */
  private readonly seenOnce = new Set<string>();
  private bytes = 0;
  private tag: string | null = null;
  private content: string | null = null;
  private confirmedAt = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The index tag answers are served at, or null when the gateway has had no news of it for a while. */
  get currentTag(): string | null {
    return this.tag && this.now() - this.confirmedAt <= this.ttlMs ? this.tag : null;
  }

  /** The content part of the current tag: what cached answers and ETags are keyed by. */
  get currentContent(): string | null {
    return this.currentTag ? this.content : null;
  }

  /** A replica is at `tag` (an announcement or an answer): the newest one seen becomes current. */
  observe(tag: string | null | undefined): void {
    if (!tag) return;
    const current = this.currentTag;
    if (isNewerIndexTag(tag, current)) {
      this.tag = tag;
      this.content = indexTagContent(tag);
    }
    // The same tag, or a replica not as far on that holds the same kits, vouches for the current content too.
    else if (tag !== this.tag && !(current && indexTagContent(tag) === indexTagContent(current))) return;
    this.confirmedAt = this.now();
  }

  /** The answer for a client that accepts gzip (`gzip`) or not, for the kits named by `content`. */
  get(content: string, key: string, gzip: boolean): CachedAnswer | null {
    const entry = this.entries.get(gzip ? key : key + PLAIN);
    return entry !== undefined && entry.content === content ? entry : null;
  }

  put(content: string, key: string, gzip: boolean, body: Buffer, encoded: boolean, etag: string, headers: Readonly<Record<string, string>>): void {
    const k = gzip ? key : key + PLAIN;
    const bytes = body.byteLength + k.length + content.length + OVERHEAD;
    if (bytes > this.maxBytes / 8 || !this.seenBefore(k)) return;
    const before = this.entries.get(k);
    if (before) {
      this.entries.delete(k);
      this.bytes -= before.bytes;
    }
    while (this.entries.size > 0 && this.bytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
    // A copy: the reply's bytes are a view of a NATS message buffer.
    this.entries.set(k, { body: Buffer.from(body), gzip: encoded, etag, headers, content, bytes });
    this.bytes += bytes;
  }

  /** Whether the request was asked recently (for any content); remembers it (a bounded number) when it was not. */
  private seenBefore(k: string): boolean {
    if (this.entries.has(k) || this.seenOnce.delete(k)) return true;
    if (this.seenOnce.size >= SEEN_ONCE_KEYS) this.seenOnce.delete(this.seenOnce.values().next().value!);
    this.seenOnce.add(k);
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteLength(): number {
    return this.bytes;
  }
}
