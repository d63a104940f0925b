import type { KitRegistration } from '@bleedkits/contracts';

/**
 * A kit registration that passes every rule (a real Altrincham address), as the register-kit form would post it:
 * the one fixture every context's tests register kits with, overriding what they exercise.
 */
export function exampleRegistration(overrides: Partial<KitRegistration> = {}): KitRegistration {
  return {
    serialNumber: 'DBF-2024-0001',
    make: 'daniel_baird_foundation',
    locationType: 'unlocked_cabinet',
    locationName: 'Village Hall',
    addressLine1: '1 Church Lane',
    city: 'Altrincham',
    postcode: 'wa15 8fh',
    latitude: '53.384092',
    longitude: '-2.337856',
    purchaseDate: '2025-01-10',
    expiryDate: '2028-01-10',
    custodianName: 'Jo Custodian',
    custodianPhone: '01612345678',
    custodianEmail: 'jo@example.org',
    ...overrides,
  };
}
