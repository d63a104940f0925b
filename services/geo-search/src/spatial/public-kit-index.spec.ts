import { type ViewportQuery, viewportCells } from '@bleedkits/contracts';
import type { KitEntry } from '../projection/kit-entry';
import { entry, randomPlace, rng } from '../../test/random-kits';
import { KitTree, distanceKm } from './kit-tree';
import { PublicKitIndex, inRects, positionRects } from './public-kit-index';

type Item = { id?: number | string; isCluster?: boolean; count?: number; latitude: number; longitude: number; distance?: number };
const parse = (fragments: string[]): Item[] => JSON.parse(`[${fragments.join(',')}]`);

/** The kits of a viewport's cells, by brute force. */
const inBox = (kits: Iterable<KitEntry>, q: ViewportQuery) => {
  const rects = positionRects(viewportCells(q));
  return [...kits].filter((e) => inRects(rects, e.x, e.y));
};

const boxes = (r: () => number): ViewportQuery[] => {
  const out: ViewportQuery[] = [
    { north: 61, south: 49, east: 2, west: -8, zoom: 6, limit: 1000 },
    { north: 85, south: -85, east: 180, west: -180, zoom: 0, limit: 5 },
    { north: 60, south: -60, east: -179.5, west: 179.5, zoom: 9, limit: 1000 },
    { north: 53.6, south: 53.4, east: -2.1, west: -2.4, zoom: 13, limit: 50 },
    { north: 53.6, south: 53.4, east: -2.1, west: -2.4, zoom: 18, limit: 30 },
    { north: 53.6, south: 53.4, east: -2.1, west: -2.4, zoom: 3, limit: 1 },
  ];
  for (let i = 0; i < 40; i++) {
    const zoom = Math.floor(r() * 19);
    const { lat, lng } = randomPlace(r);
    const h = (180 / 2 ** zoom) * (0.5 + r());
    out.push({
      north: Math.min(85, lat + h / 2),
      south: Math.max(-85, lat - h / 2),
      west: Math.max(-180, lng - h),
      east: Math.min(180, lng + h),
      zoom,
      limit: [1000, 200, 20, 3][i % 4],
    });
  }
  return out;
};

describe(PublicKitIndex.name, () => {
  const r = rng(7);
  const kits = Array.from({ length: 3000 }, (_, i) => {
    const p = randomPlace(r);
    return entry(i + 1, p.lat, p.lng);
  });
  const index = PublicKitIndex.build(kits);

  it('answers the kits of a viewport themselves, in id order, when they fit the limit, else groups whose counts add up', () => {
    let listed = 0;
    let clustered = 0;
    for (const q of boxes(rng(11))) {
      const expected = inBox(kits, q);
      const items = parse(index.viewport(q));
      expect(items.length).toBeLessThanOrEqual(q.limit);
      if (expected.length <= q.limit) {
        listed++;
        expect({ q, ids: items.map((i) => i.id) }).toEqual({ q, ids: expected.map((e) => e.id).sort((a, b) => a - b) });
        continue;
      }
      clustered++;
      expect({ q, total: items.reduce((n, i) => n + (i.isCluster ? i.count! : 1), 0) }).toEqual({ q, total: expected.length });
      // Each cluster is the kits of its cell inside the box, at their exact centre.
      for (const c of items.filter((i) => i.isCluster)) {
        const [level, cx, cy] = String(c.id).split('/').map(Number);
        const mine = expected.filter((e) => e.x >>> (30 - level) === cx && e.y >>> (30 - level) === cy);
        expect(c.count).toBe(mine.length);
        expect(c.latitude).toBeCloseTo(mine.reduce((s, e) => s + e.latitude, 0) / mine.length, 5);
        expect(c.longitude).toBeCloseTo(mine.reduce((s, e) => s + e.longitude, 0) / mine.length, 5);
      }
    }
    expect(listed).toBeGreaterThan(5);
    expect(clustered).toBeGreaterThan(5);
  });

  it('answers nearby kits within the radius, nearest first, ties by id, like a brute-force scan', () => {
    const q = rng(13);
    for (let i = 0; i < 60; i++) {
      const p = randomPlace(q);
      const radius = [0.5, 5, 25, 300, 1000][i % 5];
      const limit = [1, 10, 100, 1000][i % 4];
      const expected = kits
        .map((e) => ({ e, d: distanceKm(p.lng, p.lat, e.longitude, e.latitude) }))
        .filter(({ d }) => d <= radius)
        .sort((a, b) => a.d - b.d || a.e.id - b.e.id)
        .slice(0, limit);
      const got = parse(index.nearby({ lat: p.lat, lng: p.lng, radius, limit }));
      expect({ i, ids: got.map((k) => k.id) }).toEqual({ i, ids: expected.map(({ e }) => e.id) });
      got.forEach((k, n) => expect(k.distance).toBe(Math.round(expected[n].d * 100) / 100));
    }
  });

  it('answers nearby kits by id where many share one address (a leaf of more than LEAF_KITS kits), and after a move', () => {
    // Ids out of order at one point, a few more around it: a leaf at the deepest level holds them all.
    const shared = Array.from({ length: 45 }, (_, n) => entry(1000 + ((n * 37) % 45), 53.3871, -2.3494));
    const around = Array.from({ length: 10 }, (_, n) => entry(2000 + n, 53.3871 + (n + 1) * 1e-5, -2.3494));
    const index = PublicKitIndex.build([...shared, ...around]);
    const ids = (lat: number, lng: number, limit: number) => parse(index.nearby({ lat, lng, radius: 1, limit })).map((k) => k.id);
    expect(ids(53.3871, -2.3494, 50)).toEqual([...shared.map((e) => e.id).sort((a, b) => a - b), 2000, 2001, 2002, 2003, 2004]);
    // A kit moving out of a leaf already asked about is answered at its new place only, as by an index built anew.
    const moved = entry(2000, 53.4, -2.3494);
    index.put(moved);
    const rebuilt = PublicKitIndex.build([...shared, moved, ...around.slice(1)]);
    for (const [lat, lng] of [
      [53.3871 + 1e-5, -2.3494],
      [53.4, -2.3494],
    ])
      expect(index.nearby({ lat, lng, radius: 5, limit: 3 })).toEqual(rebuilt.nearby({ lat, lng, radius: 5, limit: 3 }));
    expect(parse(index.nearby({ lat: 53.4, lng: -2.3494, radius: 0.5, limit: 1 })).map((k) => k.id)).toEqual([2000]);
  });

  it('updated kit by kit (add, move, edit, remove), answers exactly as an index built from the kits left', () => {
    const live = new Map(kits.map((e) => [e.id, e]));
    const incremental = PublicKitIndex.build(kits);
    // Ready for queries, as a projection's index is: from here each change keeps its leaves' positions itself.
    incremental.prepareForQueries();
    const step = rng(17);
    let nextId = 5000;
    for (let batch = 0; batch < 10; batch++) {
      for (let n = 0; n < 150; n++) {
        const ids = [...live.keys()];
        const pick = ids[Math.floor(step() * ids.length)];
        const k = step();
        if (k < 0.3) {
          const p = randomPlace(step);
          const e = entry(nextId++, p.lat, p.lng);
          live.set(e.id, e);
          incremental.put(e);
        } else if (k < 0.55) {
          const p = randomPlace(step);
          const e = entry(pick, p.lat, p.lng);
          live.set(pick, e);
          incremental.put(e);
        } else if (k < 0.7) {
          const before = live.get(pick)!;
          const e = entry(pick, before.latitude, before.longitude, ' (edited)');
          live.set(pick, e);
          incremental.put(e);
        } else {
          live.delete(pick);
          incremental.remove(pick);
        }
      }
      const rebuilt = PublicKitIndex.build([...live.values()].sort((a, b) => b.id - a.id));
      for (const q of boxes(rng(100 + batch))) expect({ q, a: incremental.viewport(q) }).toEqual({ q, a: rebuilt.viewport(q) });
      const p = randomPlace(step);
      expect(incremental.nearby({ lat: p.lat, lng: p.lng, radius: 50, limit: 300 })).toEqual(
        rebuilt.nearby({ lat: p.lat, lng: p.lng, radius: 50, limit: 300 }),
      );
      expect(incremental.gazetteer.exact('Altrincham')).toEqual(rebuilt.gazetteer.exact('Altrincham'));
      expect(incremental.size).toBe(live.size);
      expect(incremental.contentHash).toBe(rebuilt.contentHash);
    }
    for (const id of [...live.keys()]) incremental.remove(id);
    expect(incremental.size).toBe(0);
    expect(incremental.viewport({ north: 85, south: -85, east: 180, west: -180, zoom: 0, limit: 1 })).toEqual([]);
  });

  it("restored from a snapshot's kits in tree order, is the same index as one built kit by kit, and keeps updating alike", () => {
    const inTreeOrder = PublicKitIndex.build(kits).treeOrder();
    expect(inTreeOrder.map((e) => e.id).sort((a, b) => a - b)).toEqual(kits.map((e) => e.id));
    // The one-pass build takes only kits in tree order; any other order goes kit by kit (the same index, slower).
    expect(KitTree.fromTreeOrder(inTreeOrder)?.treeOrder()).toEqual(inTreeOrder);
    expect(KitTree.fromTreeOrder([...inTreeOrder].reverse())).toBeNull();
    const step = rng(23);
    for (const order of [inTreeOrder, [...inTreeOrder].sort(() => step() - 0.5)]) {
      const built = PublicKitIndex.build(kits);
      const restored = PublicKitIndex.restore(order);
      // In tree order the very same tree, leaf by leaf (in any other order a leaf may list its kits in another order).
      if (order === inTreeOrder) expect(restored.treeOrder()).toEqual(built.treeOrder());
      expect(restored.contentHash).toBe(built.contentHash);
      expect(restored.size).toBe(built.size);
      for (const q of boxes(rng(31))) expect({ q, a: restored.viewport(q) }).toEqual({ q, a: built.viewport(q) });
      for (const place of ['Altrincham', 'WA14', 'WA14 1EN']) expect(restored.gazetteer.exact(place)).toEqual(built.gazetteer.exact(place));
      // Then changes, kit by kit, on both.
      for (let n = 0; n < 400; n++) {
        const id = 1 + Math.floor(step() * kits.length);
        const p = randomPlace(step);
        if (n % 3 === 0) {
          restored.remove(id);
          built.remove(id);
        } else {
          restored.put(entry(id, p.lat, p.lng));
          built.put(entry(id, p.lat, p.lng));
        }
      }
      if (order === inTreeOrder) expect(restored.treeOrder()).toEqual(built.treeOrder());
      expect(restored.contentHash).toBe(built.contentHash);
      for (const q of boxes(rng(37))) expect({ q, a: restored.viewport(q) }).toEqual({ q, a: built.viewport(q) });
      const p = randomPlace(step);
      expect(restored.nearby({ lat: p.lat, lng: p.lng, radius: 50, limit: 300 })).toEqual(
        built.nearby({ lat: p.lat, lng: p.lng, radius: 50, limit: 300 }),
      );
    }
  });
});
