import type { KitEntry } from '../projection/kit-entry';
import type { SuperclusterIndex } from './spatial-libraries';

/** One item of a zoom level of the cluster index: a kit (`entry`), or a cluster of `count` kits. */
export type ClusterLevelItem = { latitude: number; longitude: number; count: number; clusterId: number; entry: KitEntry | null };

/** What supercluster 8 keeps per zoom: a kd-tree over rows of `stride` numbers (x, y, zoom, id, parent, count). */
type SuperclusterInternals = {
  trees: { range(minX: number, minY: number, maxX: number, maxY: number): number[]; data: ArrayLike<number> }[];
  stride: number;
  points: KitEntry[];
  _limitZoom(zoom: number): number;
};
const OFFSET_ID = 3;
const OFFSET_NUM = 5;

/**
 * supercluster's getClusters(bbox, zoom), without the GeoJSON feature, properties object and abbreviated count
 * string it builds for every cluster: measured, those were the largest single cost of a cold viewport at a million
 * kits. Reads supercluster 8's tree rows directly (the same walk as getClusters); cluster-items.spec.ts checks the
 * answers against getClusters, so a change of the library's layout fails a test, not the map.
 */
export function clusterItemsIn(index: SuperclusterIndex<KitEntry>, bbox: [number, number, number, number], zoom: number): ClusterLevelItem[] {
  const sc = index as unknown as SuperclusterInternals;
  let minLng = (((bbox[0] + 180) % 360) + 360) % 360 - 180;
  const minLat = Math.max(-90, Math.min(90, bbox[1]));
  let maxLng = bbox[2] === 180 ? 180 : (((bbox[2] + 180) % 360) + 360) % 360 - 180;
  const maxLat = Math.max(-90, Math.min(90, bbox[3]));
  if (bbox[2] - bbox[0] >= 360) {
    minLng = -180;
    maxLng = 180;
  } else if (minLng > maxLng) {
    return [...clusterItemsIn(index, [minLng, minLat, 180, maxLat], zoom), ...clusterItemsIn(index, [-180, minLat, maxLng, maxLat], zoom)];
  }
  const tree = sc.trees[sc._limitZoom(zoom)];
  const data = tree.data;
  const items: ClusterLevelItem[] = [];
  for (const id of tree.range(lngX(minLng), latY(maxLat), lngX(maxLng), latY(minLat))) {
    const k = sc.stride * id;
    const count = data[k + OFFSET_NUM];
    if (count > 1) {
      items.push({ latitude: yLat(data[k + 1]), longitude: xLng(data[k]), count, clusterId: data[k + OFFSET_ID], entry: null });
    } else {
      const entry = sc.points[data[k + OFFSET_ID]];
      const [longitude, latitude] = entry.geometry.coordinates;
      items.push({ latitude, longitude, count: 1, clusterId: -1, entry });
    }
  }
  return items;
}

// Web Mercator in supercluster's unit square (its own formulas, so the boxes match exactly).
const lngX = (lng: number) => lng / 360 + 0.5;
function latY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}
const xLng = (x: number) => (x - 0.5) * 360;
function yLat(y: number): number {
  const y2 = ((180 - y * 360) * Math.PI) / 180;
  return (360 * Math.atan(Math.exp(y2))) / Math.PI - 90;
}
