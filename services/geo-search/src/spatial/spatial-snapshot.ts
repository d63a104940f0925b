import { CLUSTER_OPTIONS } from '@bleedkits/contracts';
import type { KitEntry } from '../projection/kit-entry';
import { Gazetteer } from './gazetteer';
import type { KDBushIndex, SpatialLibraries, SuperclusterIndex } from './spatial-libraries';

/**
 * An immutable, fully built index over one state of the projection. Queries hold a reference to one snapshot
 * for their whole run; a rebuild makes a new one and swaps the reference, so no query sees a half-built index.
 */
export type SpatialSnapshot = {
  readonly version: number;
  readonly revision: number;
  readonly entries: readonly KitEntry[];
  readonly clusters: SuperclusterIndex<KitEntry>;
  /** Points in entry order, x = longitude, y = latitude; null when there are no kits. */
  readonly points: KDBushIndex | null;
  readonly gazetteer: Gazetteer;
  readonly builtInMs: number;
};

export function buildSnapshot(libs: SpatialLibraries, entries: KitEntry[], version: number, revision: number): SpatialSnapshot {
  const started = performance.now();
  const clusters = new libs.Supercluster<KitEntry>({ ...CLUSTER_OPTIONS }).load(entries);
  let points: KDBushIndex | null = null;
  if (entries.length > 0) {
    points = new libs.KDBush(entries.length, CLUSTER_OPTIONS.nodeSize);
    for (const e of entries) points.add(e.geometry.coordinates[0], e.geometry.coordinates[1]);
    points.finish();
  }
  const gazetteer = Gazetteer.build(entries);
  return { version, revision, entries, clusters, points, gazetteer, builtInMs: Math.round(performance.now() - started) };
}

/**
 * The ids of the points in a longitude/latitude box, or null as soon as there are more than `cap` (a viewport
 * with more kits than its limit is clustered instead, so counting stops early: O(log n + cap)). Same walk as
 * kdbush's range(), over its public sorted arrays.
 */
export function pointsInBox(index: KDBushIndex, minX: number, minY: number, maxX: number, maxY: number, cap: number, out: number[] = []): number[] | null {
  const { ids, coords, nodeSize } = index;
  const stack: number[] = [0, ids.length - 1, 0];
  while (stack.length) {
    const axis = stack.pop()!;
    const right = stack.pop()!;
    const left = stack.pop()!;
    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) {
        const x = coords[2 * i];
        const y = coords[2 * i + 1];
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) {
          out.push(ids[i]);
          if (out.length > cap) return null;
        }
      }
      continue;
    }
    const m = (left + right) >> 1;
    const x = coords[2 * m];
    const y = coords[2 * m + 1];
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) {
      out.push(ids[m]);
      if (out.length > cap) return null;
    }
    if (axis === 0 ? minX <= x : minY <= y) stack.push(left, m - 1, 1 - axis);
    if (axis === 0 ? maxX >= x : maxY >= y) stack.push(m + 1, right, 1 - axis);
  }
  return out;
}
