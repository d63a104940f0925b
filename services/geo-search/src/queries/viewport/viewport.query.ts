import { Inject, Injectable } from '@nestjs/common';
import { CodedError, parseViewportQuery, viewportCells, viewportRequestKey } from '@bleedkits/contracts';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../../config/env';
import { viewportCacheHit, viewportCacheMiss } from '../../metrics/geo-search-metrics';
import { KitProjection, type ProjectionChange } from '../../projection/kit-projection';
import type { PositionRect } from '../../spatial/kit-tree';
import { inRects, positionRects } from '../../spatial/public-kit-index';
import { Answer } from '../answer';
import { indexLoading } from '../index-unavailable';

type Cached = { answer: Answer; rects: PositionRect[]; bytes: number };

/** More kits changed at once than this and the whole cache is dropped (cheaper than testing every answer). */
const INVALIDATE_ALL_ABOVE = 256;
/** Requests remembered (by key alone) to admit an answer to the cache on its second asking, per cache entry. */
const SEEN_KEYS_PER_ENTRY = 4;

/**
 * geo-search.qry.viewport.v1: the public kits of a map viewport, or clusters when there are more than `limit`
 * (PublicKitIndex.viewport). Answers are serialised once per normalised request (the viewport's map cells and limit)
 * and served from memory after that. An answer depends only on the kits inside its cells, so a change drops exactly
 * the answers whose cells hold the kit's place before or after it; every other one stays, correct as it is.
 *
 * An answer is kept from the second time its request is seen, not the first: a viewport asked once (most of a cold
 * mix) then dies young, where keeping it would move megabytes a second into the old generation of a heap that holds
 * a million kits, and its full collections stall every query (bench:geo's cold p99; docs/decisions.md).
 */
@Injectable()
export class ViewportQueryHandler {
  /** Insertion-ordered, so the oldest entry is evicted first; bounded by entries and by bytes. */
  private readonly cache = new Map<string, Cached>();
  private cacheBytes = 0;
  /** Keys asked once recently, oldest first (a doorkeeper: only keys, never answers). */
  private readonly seenOnce = new Set<string>();

  constructor(
    private readonly projection: KitProjection,
    @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv,
  ) {
    projection.onChange((change) => this.invalidate(change.points));
  }

  handle(input: Record<string, unknown> | null): Answer {
    const parsed = parseViewportQuery(input);
    if (!parsed.ok) throw CodedError.validation([parsed.message]);
    if (!this.projection.isReady) throw indexLoading();
    const q = parsed.value;
    const key = viewportRequestKey(q);
    const hit = this.cache.get(key);
    if (hit) {
      viewportCacheHit.inc();
      return hit.answer;
    }
    viewportCacheMiss.inc();
    const answer = Answer.json(this.projection.kits.viewport(q), this.projection.tag);
    if (!this.seenBefore(key)) return answer;
    // Counted with room for its gzipped form and one framed copy, made on demand.
    const bytes = Math.ceil(answer.body.byteLength * 1.25);
    if (bytes > this.env.GEO_VIEWPORT_CACHE_BYTES / 16) return answer;
    while (
      this.cache.size > 0 &&
      (this.cache.size >= this.env.GEO_VIEWPORT_CACHE_ENTRIES || this.cacheBytes + bytes > this.env.GEO_VIEWPORT_CACHE_BYTES)
    ) {
      const [oldestKey, oldest] = this.cache.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.cache.set(key, { answer, rects: positionRects(viewportCells(q)), bytes });
    this.cacheBytes += bytes;
    return answer;
  }

  /** Whether the key was asked recently; remembers it (a bounded number of keys) when it was not. */
  private seenBefore(key: string): boolean {
    if (this.seenOnce.delete(key)) return true;
    if (this.seenOnce.size >= this.env.GEO_VIEWPORT_CACHE_ENTRIES * SEEN_KEYS_PER_ENTRY) {
      this.seenOnce.delete(this.seenOnce.values().next().value!);
    }
    this.seenOnce.add(key);
    return false;
  }

  /** Cached answers (tests, metrics). */
  get cachedAnswers(): number {
    return this.cache.size;
  }

  private invalidate(points: ProjectionChange['points']): void {
    if (points === 'all' || points.length > INVALIDATE_ALL_ABOVE) {
      this.cache.clear();
      this.cacheBytes = 0;
      return;
    }
    for (const [key, cached] of this.cache) {
      if (points.some((p) => inRects(cached.rects, p.x, p.y))) this.drop(key, cached);
    }
  }

  private drop(key: string, cached: Cached): void {
    this.cache.delete(key);
    this.cacheBytes -= cached.bytes;
  }
}
