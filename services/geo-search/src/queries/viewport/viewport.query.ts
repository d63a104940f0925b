import { Inject, Injectable } from '@nestjs/common';
import type { ViewportQuery } from '@bleedkits/contracts';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../../config/env';
import { clusterUntilFits, mergeOnGrid } from '../../domain/cluster-until-fits';
import { parseViewportQuery } from '@bleedkits/contracts';
import { EncodedAnswer, errorReply, frameReply } from '../../domain/reply-frame';
import { quantiseViewport, viewportCacheKey } from '../../domain/viewport-cache-key';
import { type ClusterLevelItem, clusterItemsIn } from '../../spatial/cluster-items';
import { SpatialIndex } from '../../spatial/spatial-index';
import { type SpatialSnapshot, pointsInBox } from '../../spatial/spatial-snapshot';
import { indexLoadingReply } from '../index-unavailable';

/** A kit or a cluster; mergedId names a cell of the last-resort grid merge. */
type Item = ClusterLevelItem & { mergedId?: string };

/**
 * geo-search.qry.viewport.v1: the public kits of a map viewport, or clusters when there are more than `limit`.
 * Answers are serialised once per quantised viewport and index version and served from memory after that.
 */
@Injectable()
export class ViewportQueryHandler {
  /**
   * Insertion-ordered, so the oldest entry is evicted first; bounded by entries and by bytes (counted when an answer
   * is stored; its gzipped form, made on first demand, adds about a tenth).
   */
  private readonly cache = new Map<string, EncodedAnswer>();
  private cacheBytes = 0;

  constructor(private readonly index: SpatialIndex, @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv) {
    // A new index makes every cached answer stale.
    index.onSwap(() => {
      this.cache.clear();
      this.cacheBytes = 0;
    });
  }

  handle(input: Record<string, unknown> | null): Buffer | EncodedAnswer {
    const parsed = parseViewportQuery(input);
    if (!parsed.ok) return errorReply(400, parsed.message);
    const snapshot = this.index.current();
    if (!snapshot) return indexLoadingReply();
    const key = viewportCacheKey(parsed.value, snapshot.version);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const reply = new EncodedAnswer(frameReply(200, `[${viewportItems(snapshot, parsed.value).join(',')}]`));
    const size = reply.identity.byteLength;
    if (size > this.env.GEO_VIEWPORT_CACHE_BYTES / 16) return reply;
    while (this.cache.size > 0 && (this.cache.size >= this.env.GEO_VIEWPORT_CACHE_ENTRIES || this.cacheBytes + size > this.env.GEO_VIEWPORT_CACHE_BYTES)) {
      const [oldestKey, oldest] = this.cache.entries().next().value!;
      this.cache.delete(oldestKey);
      this.cacheBytes -= oldest.identity.byteLength;
    }
    this.cache.set(key, reply);
    this.cacheBytes += size;
    return reply;
  }
}

/** The JSON fragments of a viewport answer: kits when they fit the limit, else clusters whose counts add up. */
export function viewportItems(snapshot: SpatialSnapshot, q: ViewportQuery): string[] {
  if (!snapshot.points) return [];
  const box = quantiseViewport(q);
  const crosses = box.west > box.east;
  const ids: number[] | null = crosses
    ? fitOrNull(snapshot, [
        [box.west, 180],
        [-180, box.east],
      ], box.south, box.north, q.limit)
    : fitOrNull(snapshot, [[box.west, box.east]], box.south, box.north, q.limit);
  if (ids) return ids.sort((a, b) => a - b).map((i) => snapshot.entries[i].json);

  // Items are serialised only once the zoom that fits is known (a coarser zoom may be tried first).
  const { items } = clusterUntilFits<Item>(
    (zoom) => clusterItemsIn(snapshot.clusters, [box.west, box.south, box.east, box.north], zoom),
    box.zoom,
    q.limit,
    (all, limit) => mergeOnGrid(all, limit).map((cell, n) => (cell.items.length === 1 ? cell.items[0] : mergedItem(cell, n))),
  );
  return items.map(itemJson);
}

function fitOrNull(snapshot: SpatialSnapshot, lngRanges: [number, number][], south: number, north: number, limit: number): number[] | null {
  const out: number[] = [];
  for (const [west, east] of lngRanges) {
    if (!pointsInBox(snapshot.points!, west, south, east, north, limit, out)) return null;
  }
  return out;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A kit's own JSON, or a cluster's as contracts' KitCluster {isCluster, id, count, latitude, longitude}: written
 * out, as an answer holds up to a thousand of them and no object per cluster is needed.
 */
function itemJson(i: Item): string {
  if (i.entry) return i.entry.json;
  const id = i.mergedId ?? String(i.clusterId);
  return `{"isCluster":true,"id":${JSON.stringify(id)},"count":${i.count},"latitude":${round6(i.latitude)},"longitude":${round6(i.longitude)}}`;
}

function mergedItem(cell: { latitude: number; longitude: number; count: number }, n: number): Item {
  return { latitude: cell.latitude, longitude: cell.longitude, count: cell.count, clusterId: -1, entry: null, mergedId: `merged-${n}` };
}
