/**
 * A viewport answer never exceeds its limit and never drops kits: it clusters at the requested zoom, then at
 * coarser zooms until the items fit, and as a last resort merges the zoom-0 items on a growing grid. Pure.
 */
export type WeightedItem = { latitude: number; longitude: number; count: number };

export function clusterUntilFits<T extends WeightedItem>(
  itemsAt: (zoom: number) => T[],
  fromZoom: number,
  limit: number,
  merge: (items: T[], limit: number) => T[],
): { zoom: number; items: T[] } {
  let zoom = Math.max(0, Math.floor(fromZoom));
  for (;;) {
    const items = itemsAt(zoom);
    if (items.length <= limit) return { zoom, items };
    if (zoom === 0) return { zoom, items: merge(items, limit) };
    zoom--;
  }
}

export type MergedCell<T> = { items: T[]; latitude: number; longitude: number; count: number };

/**
 * Groups items on a grid whose cells double until at most `limit` cells remain; each cell's position is the
 * count-weighted centre of its items, and its count their sum.
 */
export function mergeOnGrid<T extends WeightedItem>(items: T[], limit: number, firstCellDegrees = 0.5): MergedCell<T>[] {
  if (limit < 1) throw new Error('limit must be at least 1');
  for (let size = firstCellDegrees; ; size *= 2) {
    const cells = new Map<string, MergedCell<T>>();
    for (const item of items) {
      const key = size >= 360 ? 'all' : `${Math.floor(item.longitude / size)}:${Math.floor(item.latitude / size)}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = { items: [], latitude: 0, longitude: 0, count: 0 }));
      cell.items.push(item);
      cell.latitude += item.latitude * item.count;
      cell.longitude += item.longitude * item.count;
      cell.count += item.count;
    }
    if (cells.size <= limit) {
      return [...cells.values()].map((c) => ({ ...c, latitude: c.latitude / c.count, longitude: c.longitude / c.count }));
    }
  }
}
