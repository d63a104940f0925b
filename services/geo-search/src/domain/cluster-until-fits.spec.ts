import { clusterUntilFits, mergeOnGrid } from './cluster-until-fits';

type P = { latitude: number; longitude: number; count: number; name: string };
const p = (name: string, latitude: number, longitude: number, count = 1): P => ({ name, latitude, longitude, count });

describe('clusterUntilFits', () => {
  const merge = (items: P[], limit: number) => mergeOnGrid(items, limit).map((c, i) => p(`m${i}`, c.latitude, c.longitude, c.count));

  it('keeps the requested zoom when it fits', () => {
    const at = jest.fn((z: number) => [p(`z${z}`, 0, 0)]);
    expect(clusterUntilFits(at, 12.7, 5, merge)).toEqual({ zoom: 12, items: [p('z12', 0, 0)] });
    expect(at).toHaveBeenCalledTimes(1);
  });

  it('goes to coarser zooms until the items fit the limit', () => {
    // 2^z items at zoom z.
    const at = (z: number) => Array.from({ length: 2 ** z }, (_, i) => p(`${z}-${i}`, i, i, 2 ** (10 - z)));
    const { zoom, items } = clusterUntilFits(at, 10, 100, merge);
    expect(zoom).toBe(6);
    expect(items).toHaveLength(64);
    expect(items.reduce((n, i) => n + i.count, 0)).toBe(1024);
  });

  it('merges on a growing grid when even zoom 0 is too many, never dropping a kit', () => {
    const spread = Array.from({ length: 50 }, (_, i) => p(`k${i}`, -80 + i * 3, -170 + i * 7, i + 1));
    for (const limit of [49, 10, 3, 1]) {
      const { zoom, items } = clusterUntilFits(() => spread, 5, limit, merge);
      expect(zoom).toBe(0);
      expect(items.length).toBeLessThanOrEqual(limit);
      expect(items.reduce((n, i) => n + i.count, 0)).toBe((50 * 51) / 2);
    }
  });
});

describe('mergeOnGrid', () => {
  it('places each cell at the count-weighted centre of its items', () => {
    const [cell] = mergeOnGrid([p('a', 10, 10, 1), p('b', 10.2, 10.4, 3)], 1);
    expect(cell.count).toBe(4);
    expect(cell.latitude).toBeCloseTo(10.15);
    expect(cell.longitude).toBeCloseTo(10.3);
    expect(cell.items.map((i) => i.name)).toEqual(['a', 'b']);
  });
});
