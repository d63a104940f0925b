import { Injectable } from '@nestjs/common';
import type { NearbyQuery } from '@bleedkits/contracts';
import { parseNearbyQuery } from '@bleedkits/contracts';
import { errorReply, frameReply } from '../../domain/reply-frame';
import { SpatialIndex } from '../../spatial/spatial-index';
import type { SpatialLibraries } from '../../spatial/spatial-libraries';
import { loadSpatialLibraries } from '../../spatial/spatial-libraries';
import type { SpatialSnapshot } from '../../spatial/spatial-snapshot';
import { indexLoadingReply } from '../index-unavailable';

/**
 * geo-search.qry.nearby.v1: public kits within `radius` km, nearest first, at most `limit`, each with its great-circle
 * `distance` in km to 2 decimals (appended to the kit's pre-serialised JSON).
 */
@Injectable()
export class NearbyQueryHandler {
  private libs: SpatialLibraries | null = null;

  constructor(private readonly index: SpatialIndex) {
    void loadSpatialLibraries().then((l) => (this.libs = l), () => undefined);
  }

  handle(input: Record<string, unknown> | null): Buffer {
    const parsed = parseNearbyQuery(input);
    if (!parsed.ok) return errorReply(400, parsed.message);
    const snapshot = this.index.current();
    if (!snapshot || !this.libs) return indexLoadingReply();
    return frameReply(200, `[${nearbyItems(this.libs, snapshot, parsed.value).join(',')}]`);
  }
}

export function nearbyItems(libs: SpatialLibraries, snapshot: SpatialSnapshot, q: NearbyQuery): string[] {
  if (!snapshot.points) return [];
  const ids = libs.geokdbush.around(snapshot.points, q.lng, q.lat, q.limit, q.radius);
  return ids.map((i) => {
    const e = snapshot.entries[i];
    const [lng, lat] = e.geometry.coordinates;
    const km = Math.round(libs.geokdbush.distance(q.lng, q.lat, lng, lat) * 100) / 100;
    return `${e.json.slice(0, -1)},"distance":${km}}`;
  });
}
