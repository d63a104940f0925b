import type { Kit } from '@bleedkits/contracts';

/** A date `days` from today as YYYY-MM-DD (negative for the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A kit as the owner sees it, valid for two years unless told otherwise. */
export function aKit(overrides: Partial<Kit> = {}): Kit {
  const id = overrides.id ?? 1;
  return {
    id,
    serialNumber: `SN-${String(id).padStart(4, '0')}`,
    make: 'daniel_baird_foundation',
    otherMake: null,
    locationType: 'unlocked_cabinet',
    cabinetCode: null,
    locationName: `Kit location ${id}`,
    addressLine1: `${id} High Street`,
    addressLine2: null,
    city: 'Leeds',
    postcode: 'LS1 1AA',
    latitude: 53.797,
    longitude: -1.5437,
    what3words: null,
    detailedLocation: null,
    openingHours: '24/7',
    availability: null,
    purchaseDate: daysFromNow(-30),
    expiryDate: daysFromNow(730),
    custodianName: 'Jo Bloggs',
    custodianPhone: '07700 900123',
    custodianEmail: 'jo@example.org',
    ambulanceService: 'yorkshire',
    publicDisplay: true,
    manuallyChecked: false,
    userId: 'u-1',
    userEmail: 'jo@example.org',
    status: 'active',
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    approvedAt: null,
    lastVerifiedAt: null,
    nextVerificationDue: null,
    verificationStatus: 'never_verified',
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentHistory: [],
    revision: 1,
    ...overrides,
  };
}
