import type { AdminKit, AdminUserRow, CurrentUser } from '@bleedkits/contracts';

/** Test data for the admin console specs. */
export const anAdmin = (): CurrentUser => ({
  id: 'admin-1',
  email: 'admin@example.org',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  emailVerified: true,
});

export function aKit(id: number, overrides: Partial<AdminKit> = {}): AdminKit {
  return {
    id,
    serialNumber: `KIT-${String(id).padStart(3, '0')}`,
    make: 'mere',
    otherMake: null,
    locationType: 'unlocked_cabinet',
    cabinetCode: null,
    locationName: `Village Hall ${id}`,
    addressLine1: `${id} High Street`,
    addressLine2: null,
    city: 'Altrincham',
    postcode: 'WA14 1PF',
    latitude: 53.38,
    longitude: -2.35,
    what3words: null,
    detailedLocation: null,
    openingHours: '24/7',
    availability: null,
    purchaseDate: '2025-01-01',
    expiryDate: '2028-01-01',
    custodianName: 'Chris Custodian',
    custodianPhone: '01619125920',
    custodianEmail: 'chris@example.org',
    ambulanceService: 'north_west',
    publicDisplay: true,
    manuallyChecked: false,
    userId: 'u-1',
    userEmail: 'owner@example.org',
    status: 'active',
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    approvedAt: '2025-01-03T10:00:00.000Z',
    lastVerifiedAt: null,
    nextVerificationDue: '2099-01-01T00:00:00.000Z',
    verificationStatus: 'verified',
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentHistory: [],
    revision: id,
    isOverdue: false,
    ...overrides,
  };
}

export function aUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 'u-1',
    first_name: 'Jo',
    last_name: 'Bloggs',
    email: 'jo@example.org',
    role: 'user',
    kit_count: 2,
    created_at: '2025-03-04T09:00:00.000Z',
    email_verified: true,
    ...overrides,
  };
}
