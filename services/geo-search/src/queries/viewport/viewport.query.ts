import { Inject, Injectable } from '@nestjs/common';
import type { KitCluster, ViewportQuery } from '@bleedkits/contracts';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../../config/env';
import { clusterUntilFits, mergeOnGrid } from '../../domain/cluster-until-fits';
import { parseViewportQuery } from '@bleedkits/contracts';
import { EncodedAnswer, errorReply, frameReply } from '../../domain/reply-frame';
import { quantiseViewport, viewportCacheKey } from '../../domain/viewport-cache-key';
import { type KitEntry, latitudeOf, longitudeOf } from '../../projection/kit-entry';
import type { ClusterFeature } from '../../spatial/spatial-libraries';
import { SpatialIndex } from '../../spatial/spatial-index';
import { type SpatialSnapshot, pointsInBox } from '../../spatial/spatial-snapshot';
import { indexLoadingReply } from '../index-unavailable';

type Item = { latitude: number; longitude: number; count: number; json: string };

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

  const { items } = clusterUntilFits<Item>(
    (zoom) => snapshot.clusters.getClusters([box.west, box.south, box.east, box.north], zoom).map(toItem),
    box.zoom,
    q.limit,
    (all, limit) => mergeOnGrid(all, limit).map((cell, n) => (cell.items.length === 1 ? cell.items[0] : clusterItem(cell.latitude, cell.longitude, cell.count, `merged-${n}`))),
  );
  return items.map((i) => i.json);
}

function fitOrNull(snapshot: SpatialSnapshot, lngRanges: [number, number][], south: number, north: number, limit: number): number[] | null {
  const out: number[] = [];
  for (const [west, east] of lngRanges) {
    if (!pointsInBox(snapshot.points!, west, south, east, north, limit, out)) return null;
  }
  return out;
}

function toItem(f: KitEntry | ClusterFeature): Item {
  if ('properties' in f && f.properties?.cluster) {
    const [lng, lat] = f.geometry.coordinates;
    return clusterItem(lat, lng, f.properties.point_count, String(f.properties.cluster_id));
  }
  const e = f as KitEntry;
  return { latitude: latitudeOf(e), longitude: longitudeOf(e), count: 1, json: e.json };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function clusterItem(latitude: number, longitude: number, count: number, id: string): Item {
  const cluster: KitCluster = { isCluster: true, id, count, latitude: round6(latitude), longitude: round6(longitude) };
  return { latitude, longitude, count, json: JSON.stringify(cluster) };
}
