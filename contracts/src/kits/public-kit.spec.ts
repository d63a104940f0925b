import { PUBLIC_KIT_FIELDS, publicAvailability, toPublicKit } from './kit';

describe('the public listing of a kit', () => {
  it('keeps a plain-text availability and drops the structured schedule (openingHours is written from it)', () => {
    expect(publicAvailability('Mon-Fri: 09:00-17:00')).toBe('Mon-Fri: 09:00-17:00');
    expect(publicAvailability('  {"is24x7":true}')).toBeNull();
    expect(publicAvailability('   ')).toBeNull();
    expect(publicAvailability(null)).toBeNull();
  });

  it('has the public fields only', () => {
    const kit = {
      id: 7,
      locationName: 'Station',
      locationType: 'locked_cabinet',
      latitude: 53.4,
      longitude: -2.3,
      availability: '{"is24x7":true}',
      openingHours: '24/7',
      what3words: null,
      addressLine1: '1 High St',
      city: 'Sale',
      postcode: 'M33 7XX',
      detailedLocation: null,
      deploymentStatus: 'available',
      verificationStatus: 'verified',
      cabinetCode: '1234',
      custodianEmail: 'jo@example.org',
    } as const;
    const listing = toPublicKit(kit);
    expect(Object.keys(listing).sort()).toEqual([...PUBLIC_KIT_FIELDS].sort());
    expect(listing).toMatchObject({ availability: null, openingHours: '24/7' });
    expect(JSON.stringify(listing)).not.toMatch(/1234|jo@example/);
  });
});
