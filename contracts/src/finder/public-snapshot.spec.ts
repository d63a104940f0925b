import type { PublicKit } from '../kits/kit';
import { PUBLIC_SNAPSHOT_FIELDS, publicSnapshotRow, readPublicSnapshot, type PublicSnapshot } from './public-snapshot';

const kit: PublicKit = {
  id: 7,
  locationName: 'Village Hall',
  locationType: 'building_limited',
  latitude: 53.123456789,
  longitude: -2.987654321,
  availability: null,
  openingHours: 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun',
  what3words: 'filled.count.soap',
  addressLine1: '1 High Street',
  city: 'Sale',
  postcode: 'M33 7XX',
  detailedLocation: '',
  deploymentStatus: 'available',
  verificationStatus: 'verified',
};

describe('public snapshot', () => {
  it('writes a kit as one compact row and reads it back as a finder kit', () => {
    const row = publicSnapshotRow(kit);
    expect(row).toEqual([
      7,
      'Village Hall',
      'building_limited',
      53.12346,
      -2.98765,
      'Mon-Fri: 09:00-17:00; Closed: Sat, Sun',
      null,
      'filled.count.soap',
      '1 High Street',
      'M33 7XX',
      null,
      'available',
      'verified',
    ]);
    const doc: PublicSnapshot = { format: 1, revision: 42, fields: PUBLIC_SNAPSHOT_FIELDS, kits: [row], outwardCodes: { M33: [53.4, -2.3] } };
    const read = readPublicSnapshot(JSON.parse(JSON.stringify(doc)));
    expect(read?.revision).toBe(42);
    expect(read?.kits).toEqual([
      {
        id: '7',
        locationName: 'Village Hall',
        locationType: 'building_limited',
        latitude: 53.12346,
        longitude: -2.98765,
        availability: null,
        openingHours: 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun',
        what3words: 'filled.count.soap',
        addressLine1: '1 High Street',
        postcode: 'M33 7XX',
        detailedLocation: null,
        deploymentStatus: 'available',
        verificationStatus: 'verified',
        distance: null,
      },
    ]);
    expect(read?.outwardCodes.get('M33')).toEqual({ lat: 53.4, lng: -2.3 });
  });

  it('never writes the city or anything outside its field list, and refuses an unknown format', () => {
    expect(PUBLIC_SNAPSHOT_FIELDS).not.toContain('city');
    expect(JSON.stringify(publicSnapshotRow({ ...kit, custodianEmail: 'x@y.z' } as PublicKit))).not.toContain('x@y.z');
    expect(readPublicSnapshot({ format: 2, fields: [], kits: [] })).toBeNull();
    expect(readPublicSnapshot('nope')).toBeNull();
  });
});
