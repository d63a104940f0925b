import type { ViewportQuery } from '@bleedkits/contracts';

export type Box = { north: number; south: number; east: number; west: number };

/** Grid steps per map tile: answers are computed for the box rounded outwards to 1/8 of a tile at the zoom. */
export const QUANTUM_PER_TILE = 8;

function outwards(value: number, step: number, up: boolean): number {
  const q = (up ? Math.ceil(value / step) : Math.floor(value / step)) * step;
  // Strip float noise so equal boxes always print to the same key.
  return Math.round(q * 1e9) / 1e9;
}

/**
 * Rounds a viewport outwards to a zoom-dependent grid so nearby pans share one cached answer. The rounded box
 * contains the requested one (a few kits just off screen may appear; none inside is lost). A box crossing the
 * antimeridian (west > east) stays crossing it.
 */
export function quantiseViewport(q: Pick<ViewportQuery, keyof Box | 'zoom'>): Box & { zoom: number } {
  const zoom = Math.floor(q.zoom);
  const step = 360 / 2 ** zoom / QUANTUM_PER_TILE;
  const north = Math.min(90, outwards(q.north, step, true));
  const south = Math.max(-90, outwards(q.south, step, false));
  let west = Math.max(-180, outwards(q.west, step, false));
  let east = Math.min(180, outwards(q.east, step, true));
  if (q.west > q.east && west <= east) {
    // Rounding closed the gap of a crossing box: it now covers every longitude.
    west = -180;
    east = 180;
  }
  return { north, south, east, west, zoom };
}

/** The cache key of a viewport answer: index version, zoom, limit and the quantised box. */
export function viewportCacheKey(q: ViewportQuery, indexVersion: number): string {
  const b = quantiseViewport(q);
  return `${indexVersion}|${b.zoom}|${q.limit}|${b.north}|${b.south}|${b.east}|${b.west}`;
}
