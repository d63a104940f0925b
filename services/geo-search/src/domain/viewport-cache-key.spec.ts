import { quantiseViewport, viewportCacheKey } from './viewport-cache-key';

describe('quantised viewport cache key', () => {
  const q = { north: 53.5, south: 53.3, east: -2.2, west: -2.5, zoom: 12, limit: 1000 };

  it('rounds the box outwards, so the rounded box always contains the requested one', () => {
    for (const zoom of [0, 3, 6, 9.7, 12, 16, 22]) {
      const b = quantiseViewport({ ...q, zoom });
      expect(b.north).toBeGreaterThanOrEqual(q.north);
      expect(b.south).toBeLessThanOrEqual(q.south);
      expect(b.east).toBeGreaterThanOrEqual(q.east);
      expect(b.west).toBeLessThanOrEqual(q.west);
      expect(b.zoom).toBe(Math.floor(zoom));
    }
  });

  it('gives small pans at one zoom the same key, and other zooms, limits or index versions another', () => {
    const pan = { ...q, north: 53.5001, south: 53.3001, east: -2.1999, west: -2.4999 };
    expect(viewportCacheKey(pan, 1)).toBe(viewportCacheKey(q, 1));
    expect(viewportCacheKey(q, 2)).not.toBe(viewportCacheKey(q, 1));
    expect(viewportCacheKey({ ...q, zoom: 13 }, 1)).not.toBe(viewportCacheKey(q, 1));
    expect(viewportCacheKey({ ...q, zoom: 12.9 }, 1)).toBe(viewportCacheKey(q, 1));
    expect(viewportCacheKey({ ...q, limit: 10 }, 1)).not.toBe(viewportCacheKey(q, 1));
    expect(viewportCacheKey({ ...q, north: 53.9 }, 1)).not.toBe(viewportCacheKey(q, 1));
  });

  it('keeps a box crossing the antimeridian crossing it, and clamps at the poles and the date line', () => {
    const crossing = quantiseViewport({ north: 10, south: -10, east: -170, west: 170, zoom: 4 });
    expect(crossing.west).toBeGreaterThan(crossing.east);
    expect(quantiseViewport({ north: 10, south: -10, east: -179.99, west: 179.99, zoom: 0 })).toMatchObject({ west: 135, east: -135 });
    // A crossing box that rounding closes covers every longitude.
    expect(quantiseViewport({ north: 10, south: -10, east: 91, west: 100, zoom: 0 })).toMatchObject({ west: -180, east: 180 });
    expect(quantiseViewport({ north: 89.9, south: -89.9, east: 179.9, west: -179.9, zoom: 1 })).toEqual({ north: 90, south: -90, east: 180, west: -180, zoom: 1 });
  });
});
