import type { FinderKit } from '@bleedkits/contracts';
import { offlineNearby, offlinePlace } from './offline-search';

const kit = (id: number, postcode: string, latitude: number, longitude: number): FinderKit => ({
  id: String(id),
  locationName: `Kit ${id}`,
  locationType: 'unlocked_cabinet',
  latitude,
  longitude,
  availability: null,
  openingHours: '24/7',
  what3words: null,
  addressLine1: '1 High Street',
  postcode,
  detailedLocation: null,
  deploymentStatus: 'available',
  verificationStatus: 'verified',
  distance: null,
});

const data = {
  kits: [
    kit(1, 'SW1A 1AA', 51.5014, -0.1419),
    kit(2, 'SW1A 2AA', 51.5034, -0.1276),
    kit(3, 'M1 1AE', 53.4808, -2.2426),
    kit(4, 'SW1A 1AA', 51.5016, -0.1421),
  ],
  outwardCodes: new Map([
    ['SW1A', { lat: 51.502, lng: -0.135 }],
    ['M1', { lat: 53.4808, lng: -2.2426 }],
  ]),
};

describe('offline search', () => {
  it('finds a postcode district from the gazetteer, a kit postcode at its kits, and nothing for a place name', () => {
    expect(offlinePlace(data, 'sw1a')).toEqual({ lat: 51.502, lng: -0.135 });
    const atKits = offlinePlace(data, 'sw1a1aa')!;
    expect(atKits.lat).toBeCloseTo(51.5015, 6);
    expect(atKits.lng).toBeCloseTo(-0.142, 6);
    // An unregistered full postcode falls back to its district.
    expect(offlinePlace(data, 'M1 9ZZ')).toEqual({ lat: 53.4808, lng: -2.2426 });
    expect(offlinePlace(data, 'ZZ9')).toBeNull();
    expect(offlinePlace(data, 'Westminster')).toBeNull();
  });

  it('lists the kits within the radius nearest first with their distance in km', () => {
    const near = offlineNearby(data, { lat: 51.5014, lng: -0.1419 });
    expect(near.map((k) => k.id)).toEqual(['1', '4', '2']);
    expect(near.map((k) => k.distance)).toEqual([0, 0.03, 1.01]);
    expect(offlineNearby(data, { lat: 51.5014, lng: -0.1419 }, 25, 1)).toHaveLength(1);
    expect(offlineNearby(data, { lat: 40, lng: 0 })).toEqual([]);
  });
});
