import {
  CLUSTER_OPTIONS,
  type NearbyQuery,
  VIEWPORT_CELLS_PER_TILE_LOG2,
  type ViewportCells,
  type ViewportQuery,
  viewportCells,
} from '@bleedkits/contracts';
import { POSITION_BITS, type KitEntry } from '../projection/kit-entry';
import { Gazetteer } from './gazetteer';
import { type KitGroup, KitTree, type PositionRect, groupCentre, haversineOfKm, kmOfHaversine } from './kit-tree';

/** The finest grouping level: beyond CLUSTER_OPTIONS.maxZoom kits are never clustered. */
const FINEST_GROUPING = CLUSTER_OPTIONS.maxZoom + VIEWPORT_CELLS_PER_TILE_LOG2;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const byId = (a: KitEntry, b: KitEntry) => a.id - b.id;

/** A viewport's cells as ranges of integer positions (two when it wraps across the antimeridian). */
export function positionRects(c: ViewportCells): PositionRect[] {
  const size = 2 ** (POSITION_BITS - c.level);
  const y0 = c.north * size;
  const y1 = (c.south + 1) * size - 1;
  const x = (from: number, to: number): PositionRect => ({ x0: from * size, x1: (to + 1) * size - 1, y0, y1 });
  return c.west <= c.east ? [x(c.west, c.east)] : [x(c.west, 2 ** c.level - 1), x(0, c.east)];
}

/** Whether a kit position falls in any of the rectangles. */
export function inRects(rects: readonly PositionRect[], x: number, y: number): boolean {
  for (const r of rects) if (x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1) return true;
  return false;
}

/**
 * The public kits by id, in the quadtree (viewport and nearby) and in the gazetteer (search), all three updated
 * together, kit by kit. Pure: no Nest, no NATS.
 */
export class PublicKitIndex {
  private readonly kits = new Map<number, KitEntry>();
  private tree = new KitTree();
  readonly gazetteer = new Gazetteer();
  /** XOR of the kits' hashes: the same for the same kits, whatever order they came and went in. */
  private h1 = 0;
  private h2 = 0;

  /** An index of these kits, built from nothing (what an index updated change by change must equal). */
  static build(entries: Iterable<KitEntry>): PublicKitIndex {
    const index = new PublicKitIndex();
    for (const e of entries) index.put(e);
    return index;
  }

  /**
   * The index of a stored snapshot's kits: when they come in tree order (treeOrder()) the tree is built in one pass
   * per level rather than kit by kit; the same index either way.
   */
  static restore(entries: readonly KitEntry[]): PublicKitIndex {
    const tree = KitTree.fromTreeOrder(entries);
    if (!tree) return PublicKitIndex.build(entries);
    const index = new PublicKitIndex();
    for (const e of entries) {
      if (index.kits.has(e.id)) return PublicKitIndex.build(entries);
      index.kits.set(e.id, e);
      index.gazetteer.add(e);
      index.h1 ^= e.h1;
      index.h2 ^= e.h2;
    }
    index.tree = tree;
    return index;
  }

  get size(): number {
    return this.kits.size;
  }

  /** Readies the tree for nearby queries (its leaves' positions) once a load kit by kit is complete. */
  prepareForQueries(): void {
    this.tree.preparePositions();
  }

  /** A 64-bit hash of the kits held (their JSON), as 16 hex digits. */
  get contentHash(): string {
    return `${(this.h1 >>> 0).toString(16).padStart(8, '0')}${(this.h2 >>> 0).toString(16).padStart(8, '0')}`;
  }

  get(id: number): KitEntry | undefined {
    return this.kits.get(id);
  }

  values(): IterableIterator<KitEntry> {
    return this.kits.values();
  }

  /** Every kit in the spatial tree's order (what a stored snapshot lists: restore builds its tree fastest from it). */
  treeOrder(): KitEntry[] {
    return this.tree.treeOrder();
  }

  /** Every kit in id order (the offline snapshot's order; a copy, so it can be read while the index moves on). */
  entriesInIdOrder(): KitEntry[] {
    return Array.from(this.kits.values()).sort(byId);
  }

  /** Adds a kit, or replaces the kit with its id; answers the entry it replaced. */
  put(e: KitEntry): KitEntry | undefined {
    const before = this.remove(e.id);
    this.kits.set(e.id, e);
    this.tree.insert(e);
    this.gazetteer.add(e);
    this.h1 ^= e.h1;
    this.h2 ^= e.h2;
    return before;
  }

  remove(id: number): KitEntry | undefined {
    const before = this.kits.get(id);
    if (!before) return undefined;
    this.kits.delete(id);
    if (!this.tree.remove(before)) throw new Error(`kit ${id} was not in the spatial tree`);
    this.gazetteer.remove(before);
    this.h1 ^= before.h1;
    this.h2 ^= before.h2;
    return before;
  }

  /**
   * A viewport's answer as JSON fragments: the kits of its cells themselves (in id order) when there are at most
   * `limit`; else the kits grouped by the map cells of the zoom (a cell with fewer than minPoints kits shows them, any
   * other one cluster at the exact centre of its kits in the box), then by coarser cells until the items fit. Never
   * truncated: the counts add up to the kits of the box.
   */
  viewport(q: ViewportQuery): string[] {
    const cells = viewportCells(q);
    const rects = positionRects(cells);
    if (this.tree.count(rects, q.limit) <= q.limit)
      return this.tree
        .collect(rects)
        .sort(byId)
        .map((e) => e.json);
    const minPoints = CLUSTER_OPTIONS.minPoints;
    for (let level = Math.min(cells.level, FINEST_GROUPING); level >= 0; level--) {
      const groups = this.tree.groups(rects, level, q.limit, minPoints);
      if (!groups) continue;
      let items = 0;
      for (const g of groups) items += g.kits ? g.kits.length : 1;
      if (items > q.limit && level > 0) continue;
      const out: string[] = [];
      for (const g of groups) {
        if (g.kits && items <= q.limit) for (const e of g.kits) out.push(e.json);
        else out.push(clusterJson(g));
      }
      return out;
    }
    return [];
  }

  /** Kits within `radius` km, nearest first (ties by id), at most `limit`, each with its distance in km to 2 decimals. */
  nearby(q: NearbyQuery): string[] {
    return this.tree
      .nearest(q.lng, q.lat, q.limit, haversineOfKm(q.radius))
      .map(({ entry, haversine }) => `${entry.json.slice(0, -1)},"distance":${Math.round(kmOfHaversine(haversine) * 100) / 100}}`);
  }
}

/** contracts' KitCluster {isCluster, id, count, latitude, longitude}, written out (an answer holds up to a thousand). */
function clusterJson(g: KitGroup): string {
  const { latitude, longitude } = groupCentre(g);
  return `{"isCluster":true,"id":"${g.level}/${g.cx}/${g.cy}","count":${g.count},"latitude":${round6(latitude)},"longitude":${round6(longitude)}}`;
}
