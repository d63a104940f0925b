import { hasPosition, isFinderKit, readFinderItem, readFinderItems } from './listing';

describe(readFinderItem.name, () => {
  it('reads camelCase kits with numeric coordinates', () => {
    const kit = readFinderItem({
      id: 7,
      locationName: 'Station',
      locationType: 'locked_cabinet',
      latitude: 51.5,
      longitude: -0.1,
      addressLine1: '1 High St',
      postcode: 'SW1A 1AA',
      distance: 0.42,
    });
    expect(kit).toMatchObject({ id: '7', locationName: 'Station', locationType: 'locked_cabinet', latitude: 51.5, longitude: -0.1, distance: 0.42 });
  });

  it('reads the snake_case aliases and string coordinates', () => {
    const kit = readFinderItem({
      id: 'a',
      location_name: 'Library',
      location_type: 'building_247',
      latitude: '53.48',
      longitude: '-2.24',
      opening_hours: '24/7',
    });
    expect(kit).toMatchObject({
      locationName: 'Library',
      locationType: 'building_247',
      latitude: 53.48,
      longitude: -2.24,
      openingHours: '24/7',
      distance: null,
    });
  });

  it('keeps server clusters as clusters', () => {
    const item = readFinderItem({ isCluster: true, id: 'c1', count: 12, latitude: 52, longitude: -1 });
    expect(item).toEqual({ isCluster: true, id: 'c1', count: 12, latitude: 52, longitude: -1 });
    expect(item && isFinderKit(item)).toBe(false);
  });

  it('marks kits without usable coordinates and skips non-objects', () => {
    const kit = readFinderItem({ id: 1, locationName: 'x', latitude: '', longitude: null });
    expect(kit && isFinderKit(kit) && hasPosition(kit)).toBe(false);
    expect(readFinderItems([null, 3, { id: 2, locationName: 'y', latitude: 1, longitude: 2 }])).toHaveLength(1);
    expect(readFinderItems({ message: 'nope' })).toEqual([]);
  });
});
