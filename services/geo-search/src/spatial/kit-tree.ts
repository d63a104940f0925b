import { MICRODEGREES, POSITION_BITS, type KitEntry } from '../projection/kit-entry';

/**
 * The public kits in a quadtree over the Web Mercator square, kept up to date kit by kit. A node is a map cell (level
 * 0 is the whole world, each level halves the side); it holds how many kits it has and the exact sums of their
 * coordinates (integers of 1e-6 degree, so a cluster's centre is the same whatever order its kits arrived in). A cell
 * with at most LEAF_KITS kits is a leaf that lists them; one with more is split into its four quarters. That rule alone
 * decides the shape, so an index updated change by change is the same tree as one built from scratch, and answers
 * exactly like it.
 *
 * It answers the three questions the finder asks: how many kits a box of map cells holds (counting whole nodes inside
 * it), which kits they are, and the kits grouped by the map cells of a zoom (the server's clusters); and the nearest
 * kits to a point within a radius (best-first over the nodes, as geokdbush does over a kd-tree).
 */
export const LEAF_KITS = 32;
/** No split below this level (cells of ~2 m): kits at one address stay in one leaf however many they are. */
export const MAX_LEVEL = 26;

export class TreeNode {
  count = 0;
  sumLat = 0;
  sumLng = 0;
  /** Split nodes: the four quarters (x bit, y bit). */
  children: (TreeNode | null)[] | null = null;
  /** Leaves: their kits, in no particular order. */
  kits: KitEntry[] | null = [];
  /**
   * Leaves: their kits' longitude, latitude and the cosine of the latitude, in the order of `kits`, side by side in
   * one block, so a nearby query reads a leaf without visiting every kit's object (at a million kits those reads
   * were most of its time: bench/README.md). Made for every leaf before the index first answers (preparePositions),
   * and from then on again by each change of a leaf, so queries never make them (they would by the thousand).
   */
  positions: Float64Array | null = null;

  constructor(
    readonly level: number,
    readonly cx: number,
    readonly cy: number,
  ) {}
}

function quarterOf(node: TreeNode, e: KitEntry): number {
  const shift = POSITION_BITS - node.level - 1;
  return (((e.y >>> shift) & 1) << 1) | ((e.x >>> shift) & 1);
}

function add(node: TreeNode, lat: number, lng: number): void {
  node.count++;
  node.sumLat += lat;
  node.sumLng += lng;
}

/** Turns a leaf with too many kits into four quarters (and those too, as far as needed). */
function split(node: TreeNode): void {
  const kits = node.kits!;
  node.kits = null;
  node.positions = null;
  node.children = [null, null, null, null];
  for (const e of kits) {
    const q = quarterOf(node, e);
    const child = (node.children[q] ??= new TreeNode(node.level + 1, (node.cx << 1) | (q & 1), (node.cy << 1) | (q >> 1)));
    add(child, e.lat6, e.lng6);
    child.kits!.push(e);
  }
  for (const c of node.children) if (c && c.count > LEAF_KITS && c.level < MAX_LEVEL) split(c);
}

/** Turns a node that no longer has more than LEAF_KITS kits back into a leaf listing them. */
function collapse(node: TreeNode): void {
  const kits: KitEntry[] = [];
  const gather = (n: TreeNode) => {
    if (n.kits) kits.push(...n.kits);
    else for (const c of n.children!) if (c) gather(c);
  };
  gather(node);
  node.children = null;
  node.kits = kits;
  node.positions = null;
}

/** Inclusive ranges of integer positions (POSITION_BITS per axis). A box crossing the antimeridian is two. */
export type PositionRect = { x0: number; x1: number; y0: number; y1: number };

/** A group of kits in one map cell of the grouping level, restricted to the box asked about. */
export type KitGroup = { level: number; cx: number; cy: number; count: number; sumLat: number; sumLng: number; kits: KitEntry[] | null };

const INSIDE = 2;
const PARTIAL = 1;
const OUTSIDE = 0;

function relation(rects: readonly PositionRect[], level: number, cx: number, cy: number): number {
  const size = 2 ** (POSITION_BITS - level);
  const x0 = cx * size;
  const x1 = x0 + size - 1;
  const y0 = cy * size;
  const y1 = y0 + size - 1;
  let touches = false;
  for (const r of rects) {
    if (x1 < r.x0 || x0 > r.x1 || y1 < r.y0 || y0 > r.y1) continue;
    if (x0 >= r.x0 && x1 <= r.x1 && y0 >= r.y0 && y1 <= r.y1) return INSIDE;
    touches = true;
  }
  return touches ? PARTIAL : OUTSIDE;
}

function contains(rects: readonly PositionRect[], e: KitEntry): boolean {
  for (const r of rects) if (e.x >= r.x0 && e.x <= r.x1 && e.y >= r.y0 && e.y <= r.y1) return true;
  return false;
}

/**
 * The node for kits[from, to) of cell (level, cx, cy), kits in tree order: its quarters' kits follow each other in
 * quadrant order at every level. Null when they are not (the caller inserts them one by one instead).
 */
function buildNode(kits: readonly KitEntry[], from: number, to: number, level: number, cx: number, cy: number): TreeNode | null {
  const node = new TreeNode(level, cx, cy);
  if (to - from <= LEAF_KITS || level >= MAX_LEVEL) {
    const leaf = node.kits!;
    for (let i = from; i < to; i++) {
      const e = kits[i];
      leaf.push(e);
      add(node, e.lat6, e.lng6);
    }
    node.positions = positionsOf(leaf);
    return node;
  }
  node.kits = null;
  const children: (TreeNode | null)[] = [null, null, null, null];
  node.children = children;
  let at = from;
  for (let q = 0; q < 4 && at < to; q++) {
    let end = at;
    while (end < to && quarterOf(node, kits[end]) === q) end++;
    if (end === at) continue;
    const child = buildNode(kits, at, end, level + 1, (cx << 1) | (q & 1), (cy << 1) | (q >> 1));
    if (!child) return null;
    children[q] = child;
    node.count += child.count;
    node.sumLat += child.sumLat;
    node.sumLng += child.sumLng;
    at = end;
  }
  return at === to ? node : null;
}

export class KitTree {
  private root: TreeNode | null = null;
  /** Every leaf has its positions, and each change keeps them (false while a projection loads kit by kit). */
  private prepared = false;

  /**
   * The tree of these kits when they come in tree order (a snapshot written from treeOrder()): built level by level
   * in one pass each, the same tree as inserting them one by one. Null when they are not in tree order.
   */
  static fromTreeOrder(kits: readonly KitEntry[]): KitTree | null {
    const tree = new KitTree();
    tree.prepared = true;
    if (kits.length === 0) return tree;
    tree.root = buildNode(kits, 0, kits.length, 0, 0, 0);
    return tree.root ? tree : null;
  }

  get size(): number {
    return this.root?.count ?? 0;
  }

  /** Every kit, leaf by leaf in quadrant order: what fromTreeOrder builds from. */
  treeOrder(): KitEntry[] {
    const out: KitEntry[] = [];
    const visit = (node: TreeNode): void => {
      if (node.kits) for (const e of node.kits) out.push(e);
      else for (const c of node.children!) if (c) visit(c);
    };
    if (this.root) visit(this.root);
    return out;
  }

  /** Makes the positions of every leaf (after a load kit by kit, before the first query); changes keep them after. */
  preparePositions(): void {
    this.prepared = true;
    if (this.root) fillPositions(this.root);
  }

  insert(e: KitEntry): void {
    const lat = e.lat6;
    const lng = e.lng6;
    this.root ??= new TreeNode(0, 0, 0);
    let node = this.root;
    for (;;) {
      add(node, lat, lng);
      if (node.kits) {
        node.kits.push(e);
        node.positions = null;
        if (node.count > LEAF_KITS && node.level < MAX_LEVEL) split(node);
        if (this.prepared) fillPositions(node);
        return;
      }
      const q = quarterOf(node, e);
      node = node.children![q] ??= new TreeNode(node.level + 1, (node.cx << 1) | (q & 1), (node.cy << 1) | (q >> 1));
    }
  }

  /** Removes this entry (the same object that was inserted); false when it is not in the tree. */
  remove(e: KitEntry): boolean {
    const path: TreeNode[] = [];
    let node = this.root;
    while (node && !node.kits) {
      path.push(node);
      node = node.children![quarterOf(node, e)];
    }
    if (!node) return false;
    const at = node.kits!.indexOf(e);
    if (at < 0) return false;
    const last = node.kits!.pop()!;
    if (at < node.kits!.length) node.kits![at] = last;
    node.positions = null;
    path.push(node);
    const lat = e.lat6;
    const lng = e.lng6;
    for (const n of path) {
      n.count--;
      n.sumLat -= lat;
      n.sumLng -= lng;
    }
    let changed: TreeNode | null = node;
    for (let i = 0; i < path.length; i++) {
      const n = path[i];
      if (n.count === 0) {
        if (i === 0) this.root = null;
        else path[i - 1].children![path[i - 1].children!.indexOf(n)] = null;
        changed = null;
        break;
      }
      if (!n.kits && n.count <= LEAF_KITS) {
        collapse(n);
        changed = n;
        break;
      }
    }
    if (this.prepared && changed) fillPositions(changed);
    return true;
  }

  /** Kits in the box, counted; stops (returning cap + 1) once more than `cap`. */
  count(rects: readonly PositionRect[], cap = Infinity): number {
    let n = 0;
    const visit = (node: TreeNode): void => {
      const rel = relation(rects, node.level, node.cx, node.cy);
      if (rel === OUTSIDE) return;
      if (rel === INSIDE) {
        n += node.count;
        return;
      }
      if (node.kits) {
        for (const e of node.kits) if (contains(rects, e)) n++;
        return;
      }
      for (const c of node.children!) {
        if (c) visit(c);
        if (n > cap) return;
      }
    };
    if (this.root) visit(this.root);
    return n > cap ? cap + 1 : n;
  }

  /** The kits in the box (in no particular order). */
  collect(rects: readonly PositionRect[]): KitEntry[] {
    const out: KitEntry[] = [];
    const visit = (node: TreeNode, inside: boolean): void => {
      const rel = inside ? INSIDE : relation(rects, node.level, node.cx, node.cy);
      if (rel === OUTSIDE) return;
      if (node.kits) {
        for (const e of node.kits) if (rel === INSIDE || contains(rects, e)) out.push(e);
        return;
      }
      for (const c of node.children!) if (c) visit(c, rel === INSIDE);
    };
    if (this.root) visit(this.root, false);
    return out;
  }

  /**
   * The kits of the box grouped by the map cells of `level` (any level: below the leaves they are grouped from the
   * leaves' kits), each group with its count and coordinate sums, in a fixed order (the tree's quadrant order, then
   * row and column inside a leaf). Null as soon as there are more than `cap` groups. A group's `kits` are listed
   * when it has fewer than `listBelow` of them (the kits a map shows one by one).
   */
  groups(rects: readonly PositionRect[], level: number, cap: number, listBelow: number): KitGroup[] | null {
    const out: KitGroup[] = [];
    let over = false;
    const add = (group: KitGroup) => {
      if (group.count === 0) return;
      if (out.length >= cap) over = true;
      else out.push(group);
    };
    // Everything of `node` inside the box, into one group (node is at or below the grouping level).
    const into = (group: KitGroup, node: TreeNode, inside: boolean): void => {
      const rel = inside ? INSIDE : relation(rects, node.level, node.cx, node.cy);
      if (rel === OUTSIDE) return;
      if (rel === INSIDE) {
        group.count += node.count;
        group.sumLat += node.sumLat;
        group.sumLng += node.sumLng;
        return;
      }
      if (node.kits) {
        for (const e of node.kits) if (contains(rects, e)) addKit(group, e);
        return;
      }
      for (const c of node.children!) if (c) into(group, c, false);
    };
    const visit = (node: TreeNode, inside: boolean): void => {
      if (over) return;
      // Everything under a node inside the box is inside too: no need to ask again.
      const rel = inside ? INSIDE : relation(rects, node.level, node.cx, node.cy);
      if (rel === OUTSIDE) return;
      if (node.level === level) {
        const group: KitGroup = { level, cx: node.cx, cy: node.cy, count: 0, sumLat: 0, sumLng: 0, kits: null };
        into(group, node, rel === INSIDE);
        add(group);
        return;
      }
      if (node.kits) {
        // Grouping finer than the leaves: group this leaf's kits by their cell at `level`, in row then column order.
        const shift = POSITION_BITS - level;
        const cells = new Map<number, KitGroup>();
        for (const e of node.kits) {
          if (rel !== INSIDE && !contains(rects, e)) continue;
          const cx = e.x >>> shift;
          const cy = e.y >>> shift;
          const key = cy * 2 ** level + cx;
          let g = cells.get(key);
          if (!g) cells.set(key, (g = { level, cx, cy, count: 0, sumLat: 0, sumLng: 0, kits: null }));
          addKit(g, e);
        }
        for (const key of [...cells.keys()].sort((a, b) => a - b)) add(cells.get(key)!);
        return;
      }
      for (const c of node.children!) if (c) visit(c, rel === INSIDE);
    };
    if (this.root) visit(this.root, false);
    if (over) return null;
    for (const g of out) if (g.count < listBelow) g.kits = this.kitsOfGroup(rects, g);
    return out;
  }

  /** The kits of one group (a map cell at the group's level, restricted to the box). */
  private kitsOfGroup(rects: readonly PositionRect[], g: KitGroup): KitEntry[] {
    const size = 2 ** (POSITION_BITS - g.level);
    const cell: PositionRect = { x0: g.cx * size, x1: g.cx * size + size - 1, y0: g.cy * size, y1: g.cy * size + size - 1 };
    const clipped = rects
      .map((r) => ({ x0: Math.max(r.x0, cell.x0), x1: Math.min(r.x1, cell.x1), y0: Math.max(r.y0, cell.y0), y1: Math.min(r.y1, cell.y1) }))
      .filter((r) => r.x0 <= r.x1 && r.y0 <= r.y1);
    return this.collect(clipped).sort((a, b) => a.id - b.id);
  }

  /**
   * The kits within `maxHaversine` (haversine of the angular radius) of a point, nearest first, ties by id, at most
   * `limit`: best-first over the nodes, each node's distance the lower bound of its kits' (geokdbush's box bound).
   */
  nearest(lng: number, lat: number, limit: number, maxHaversine: number): { entry: KitEntry; haversine: number }[] {
    const result: { entry: KitEntry; haversine: number }[] = [];
    if (!this.root || limit < 1) return result;
    const cosLat = Math.cos(lat * RAD);
    const queue = new DistanceQueue();
    queue.push({ d: 0, node: this.root, run: null, at: 0 });
    while (queue.size > 0) {
      const top = queue.pop();
      if (top.d > maxHaversine) break;
      if (top.run) {
        result.push({ entry: top.run[top.at].e, haversine: top.d });
        if (result.length === limit) break;
        if (++top.at < top.run.length) {
          top.d = top.run[top.at].d;
          queue.push(top);
        }
        continue;
      }
      const node = top.node!;
      if (node.kits) {
        // A leaf's kits within the radius, in order, as one run merged with the rest of the queue.
        const run = nearestInLeaf(node, lng, lat, cosLat, maxHaversine);
        if (run.length === 0) continue;
        queue.push({ d: run[0].d, node: null, run, at: 0 });
        continue;
      }
      for (const c of node.children!) if (c) queue.push({ d: boxDistance(lng, lat, cosLat, c), node: c, run: null, at: 0 });
    }
    return result;
  }
}

/**
 * A leaf's kits within the radius, nearest first, ties by id: most of a nearby query's own time (bench/README.md). The
 * distance is haverSinDist's, with the kit's cosine read from the leaf's positions (made here only in an index that was
 * never prepared, as in a test).
 */
function nearestInLeaf(leaf: TreeNode, lng: number, lat: number, cosLat: number, maxHaversine: number): Near[] {
  const kits = leaf.kits!;
  const positions = (leaf.positions ??= positionsOf(kits));
  const run: Near[] = [];
  for (let i = 0; i < kits.length; i++) {
    const at = 3 * i;
    const d = haverSinDistCos(haverSin((lng - positions[at]) * RAD), cosLat, positions[at + 2], lat, positions[at + 1]);
    if (d <= maxHaversine) run.push({ d, e: kits[i] });
  }
  // A leaf holds at most LEAF_KITS kits (more only at one address), where sorting by insertion beats a comparator.
  if (run.length > LEAF_KITS) return run.sort((a, b) => a.d - b.d || a.e.id - b.e.id);
  for (let i = 1; i < run.length; i++) {
    const near = run[i];
    let j = i;
    while (j > 0 && (run[j - 1].d > near.d || (run[j - 1].d === near.d && run[j - 1].e.id > near.e.id))) {
      run[j] = run[j - 1];
      j--;
    }
    run[j] = near;
  }
  return run;
}

/** Makes the positions of the leaves under `node` that have none. */
function fillPositions(node: TreeNode): void {
  if (node.kits) node.positions ??= positionsOf(node.kits);
  else for (const c of node.children!) if (c) fillPositions(c);
}

function positionsOf(kits: readonly KitEntry[]): Float64Array {
  const positions = new Float64Array(3 * kits.length);
  for (let i = 0; i < kits.length; i++) {
    const lat = kits[i].lat6 / MICRODEGREES;
    positions[3 * i] = kits[i].lng6 / MICRODEGREES;
    positions[3 * i + 1] = lat;
    positions[3 * i + 2] = Math.cos(lat * RAD);
  }
  return positions;
}

function addKit(g: KitGroup, e: KitEntry): void {
  g.count++;
  g.sumLat += e.lat6;
  g.sumLng += e.lng6;
}

/** A group's centre in degrees, from its exact sums. */
export function groupCentre(g: Pick<KitGroup, 'count' | 'sumLat' | 'sumLng'>): { latitude: number; longitude: number } {
  return { latitude: g.sumLat / g.count / MICRODEGREES, longitude: g.sumLng / g.count / MICRODEGREES };
}

// ---- Great-circle distances (geokdbush's formulas, ISC licence: the same distances to the same decimals) ----------

export const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

export function haverSin(theta: number): number {
  const s = Math.sin(theta / 2);
  return s * s;
}
function haverSinDistPartial(haverSinDLng: number, cosLat1: number, lat1: number, lat2: number): number {
  return haverSinDistCos(haverSinDLng, cosLat1, Math.cos(lat2 * RAD), lat1, lat2);
}
/** The same, with the second point's cosine already known (a leaf's positions keep it). */
function haverSinDistCos(haverSinDLng: number, cosLat1: number, cosLat2: number, lat1: number, lat2: number): number {
  return cosLat1 * cosLat2 * haverSinDLng + haverSin((lat1 - lat2) * RAD);
}
function haverSinDist(lng1: number, lat1: number, lng2: number, lat2: number, cosLat1: number): number {
  return haverSinDistPartial(haverSin((lng1 - lng2) * RAD), cosLat1, lat1, lat2);
}
export function distanceKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(haverSinDist(lng1, lat1, lng2, lat2, Math.cos(lat1 * RAD))));
}
export function haversineOfKm(km: number): number {
  return haverSin(km / EARTH_RADIUS_KM);
}
export function kmOfHaversine(h: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** A node's box in degrees, padded by a hair so float rounding at a cell edge never makes the bound too high. */
const PAD = 1e-9;
function boxDistance(lng: number, lat: number, cosLat: number, node: TreeNode): number {
  const cells = 2 ** node.level;
  const minLng = (node.cx / cells) * 360 - 180 - PAD;
  const maxLng = ((node.cx + 1) / cells) * 360 - 180 + PAD;
  const maxLat = node.cy === 0 ? 90 : latitudeOfRow(node.cy / cells) + PAD;
  const minLat = node.cy === cells - 1 ? -90 : latitudeOfRow((node.cy + 1) / cells) - PAD;
  if (lng >= minLng && lng <= maxLng) {
    if (lat < minLat) return haverSin((lat - minLat) * RAD);
    if (lat > maxLat) return haverSin((lat - maxLat) * RAD);
    return 0;
  }
  const haverSinDLng = Math.min(haverSin((lng - minLng) * RAD), haverSin((lng - maxLng) * RAD));
  const extremumLat = vertexLat(lat, haverSinDLng);
  if (extremumLat > minLat && extremumLat < maxLat) return haverSinDistPartial(haverSinDLng, cosLat, lat, extremumLat);
  return Math.min(haverSinDistPartial(haverSinDLng, cosLat, lat, minLat), haverSinDistPartial(haverSinDLng, cosLat, lat, maxLat));
}
function vertexLat(lat: number, haverSinDLng: number): number {
  const cosDLng = 1 - 2 * haverSinDLng;
  if (cosDLng <= 0) return lat > 0 ? 90 : -90;
  return Math.atan(Math.tan(lat * RAD) / cosDLng) / RAD;
}
function latitudeOfRow(y: number): number {
  return (360 * Math.atan(Math.exp(((180 - y * 360) * Math.PI) / 180))) / Math.PI - 90;
}

/** A node of the tree, or a leaf's kits in distance order (`at`: the next one). */
type Queued = { d: number; node: TreeNode | null; run: Near[] | null; at: number };
type Near = { d: number; e: KitEntry };

/** At equal distance nodes come first (a kit inside one may be as near), then kits by id. */
function before(a: Queued, b: Queued): boolean {
  if (a.d !== b.d) return a.d < b.d;
  if (!a.run || !b.run) return !a.run && !!b.run;
  return a.run[a.at].e.id < b.run[b.at].e.id;
}

/**
 * A binary min-heap of nodes and runs of kits by distance, so the order of an answer never depends on how the tree
 * was built.
 */
class DistanceQueue {
  private readonly items: Queued[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: Queued): void {
    const items = this.items;
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(item, items[parent])) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = item;
  }

  pop(): Queued {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && before(items[r], items[l]) ? r : l;
        if (!before(items[m], last)) break;
        items[i] = items[m];
        i = m;
      }
      items[i] = last;
    }
    return top;
  }
}
