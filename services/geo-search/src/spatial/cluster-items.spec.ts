import { CLUSTER_OPTIONS } from '@bleedkits/contracts';
import type { KitEntry } from '../projection/kit-entry';
import { clusterItemsIn } from './cluster-items';
import { placeKeysOf } from './gazetteer';
import { type SpatialLibraries, loadSpatialLibraries } from './spatial-libraries';

/** A deterministic scatter: dense towns and sparse country, some near the antimeridian. */
function entries(n: number): KitEntry[] {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, id) => {
    const town = id % 3 === 0;
    const lng = id % 50 === 0 ? 179.5 + rnd() - (id % 100 === 0 ? 359 : 0) : town ? -2.3 + rnd() * 0.2 : -6 + rnd() * 8;
    const lat = town ? 53.4 + rnd() * 0.2 : 50 + rnd() * 8;
    return { id, json: `{"id":${id}}`, place: placeKeysOf('', ''), geometry: { type: 'Point', coordinates: [lng, lat] } };
  });
}

describe('clusterItemsIn (supercluster getClusters without GeoJSON)', () => {
  let libs: SpatialLibraries;
  beforeAll(async () => {
    libs = await loadSpatialLibraries();
  });

  it('answers exactly what getClusters answers, at every zoom, for boxes across the UK and the antimeridian', () => {
    const index = new libs.Supercluster<KitEntry>({ ...CLUSTER_OPTIONS }).load(entries(5000));
    const boxes: [number, number, number, number][] = [
      [-8, 49, 2, 61],
      [-2.4, 53.35, -2.1, 53.65],
      [-180, -90, 180, 90],
      [170, 40, -170, 70],
      [-200, 50, 200, 55],
      [0, 0, 0.0001, 0.0001],
    ];
    let clusters = 0;
    let kits = 0;
    for (const box of boxes) {
      for (let zoom = 0; zoom <= 18; zoom++) {
        const expected = index.getClusters(box, zoom).map((f) =>
          'properties' in f && f.properties?.cluster
            ? { cluster: f.properties.cluster_id, count: f.properties.point_count, lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] }
            : { kit: (f as KitEntry).id, count: 1, lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] },
        );
        const actual = clusterItemsIn(index, box, zoom).map((i) =>
          i.entry ? { kit: i.entry.id, count: 1, lng: i.longitude, lat: i.latitude } : { cluster: i.clusterId, count: i.count, lng: i.longitude, lat: i.latitude },
        );
        expect({ box, zoom, items: actual }).toEqual({ box, zoom, items: expected });
        for (const item of actual) if ('cluster' in item) clusters++;
        else kits++;
      }
    }
    expect(clusters).toBeGreaterThan(1000);
    expect(kits).toBeGreaterThan(1000);
  });
});
