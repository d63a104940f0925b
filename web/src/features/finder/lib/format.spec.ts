import { abbreviateCount, formatDistanceKm, haversineKm, markerChunkSize } from './format';

describe(abbreviateCount.name, () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1049, '1k'],
    [1500, '1.5k'],
    [9999, '9.9k'],
    [12_345, '12k'],
    [100_000, '100k'],
  ])('shows %d as %s', (n, text) => {
    expect(abbreviateCount(n)).toBe(text);
  });
});

describe(markerChunkSize.name, () => {
  it.each([
    [1, 50],
    [500, 50],
    [501, 100],
    [1000, 100],
    [1001, 200],
    [5000, 200],
    [5001, 300],
  ])('adds %d markers in chunks of %d', (count, size) => {
    expect(markerChunkSize(count)).toBe(size);
  });
});

describe(haversineKm.name, () => {
  it('measures on a 6371 km Earth', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
    expect(haversineKm({ lat: 51.5014, lng: -0.1419 }, { lat: 51.5014, lng: -0.1419 })).toBe(0);
  });

  it('gives London to Manchester as about 262 km, shown to 2 decimals', () => {
    const km = haversineKm({ lat: 51.5014, lng: -0.1419 }, { lat: 53.4808, lng: -2.2426 });
    expect(km).toBeGreaterThan(255);
    expect(km).toBeLessThan(265);
    expect(formatDistanceKm(0.4567)).toBe('0.46');
    expect(formatDistanceKm(2)).toBe('2.00');
  });
});
