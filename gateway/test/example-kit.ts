/** A kit registration that passes every rule (a real Altrincham address), as the registration form would post it. */
export const exampleKit = (overrides: Record<string, unknown> = {}) => ({
  serialNumber: 'DBF-2025-0042',
  make: 'daniel_baird_foundation',
  locationType: 'unlocked_cabinet',
  locationName: 'Altrincham Library',
  addressLine1: '20 Stamford New Road',
  city: 'Altrincham',
  postcode: 'WA14 1EN',
  latitude: '53.3872',
  longitude: '-2.3494',
  purchaseDate: '2025-02-01',
  expiryDate: '2028-02-01',
  custodianName: 'Sam Keeper',
  custodianPhone: '0161 912 5920',
  custodianEmail: 'sam@example.org',
  ...overrides,
});
