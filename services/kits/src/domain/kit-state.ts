import type { AmbulanceService, DeploymentStatus, KitStatus, LocationType } from '@bleedkits/contracts';

/** A kit as the kits context stores it (no computed or joined fields). */
export type KitState = {
  id: number;
  revision: number;
  serialNumber: string;
  make: string;
  otherMake: string | null;
  locationType: LocationType;
  cabinetCode: string | null;
  locationName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  what3words: string | null;
  detailedLocation: string | null;
  openingHours: string;
  availability: string | null;
  purchaseDate: string;
  expiryDate: string;
  custodianName: string;
  custodianPhone: string;
  custodianEmail: string;
  ambulanceService: AmbulanceService;
  publicDisplay: boolean;
  manuallyChecked: boolean;
  ownerId: string | null;
  status: KitStatus;
  approvedAt: string | null;
  lastVerifiedAt: string | null;
  deploymentStatus: DeploymentStatus;
  deploymentNotes: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The writable fields: what registration sets and an edit may change. */
export type KitFields = Omit<KitState, 'id' | 'revision' | 'createdAt' | 'updatedAt' | 'approvedAt' | 'lastVerifiedAt' | 'deploymentStatus' | 'deploymentNotes'>;
