import type { AmbulanceService } from '../enums/ambulance-service';
import type { DeploymentStatus } from '../enums/deployment-status';
import type { KitStatus } from '../enums/kit-status';
import type { LocationType } from '../enums/location-type';
import type { VerificationCheck, VerificationStatus } from './verification';

/** What the register-kit form sends (POST /api/bleed-kits); numbers may arrive as strings. */
export type KitRegistration = {
  serialNumber: string;
  make: string;
  otherMake?: string;
  locationType: string;
  cabinetCode?: string;
  locationName: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  postcode: string;
  latitude?: string | number | null;
  longitude?: string | number | null;
  what3words?: string;
  detailedLocation?: string;
  openingHours?: string;
  /** JSON string of an Availability object (either day shape). */
  availability?: string;
  purchaseDate: string;
  expiryDate: string;
  custodianName: string;
  custodianPhone: string;
  custodianEmail: string;
  ambulanceService?: string;
  publicDisplay?: boolean;
};

/** Every field of a registration, in the form's order: the CSV template's columns, and the start of what the audit trail compares. */
export const REGISTRATION_FIELDS = [
  'serialNumber',
  'make',
  'otherMake',
  'locationType',
  'cabinetCode',
  'locationName',
  'addressLine1',
  'addressLine2',
  'city',
  'postcode',
  'latitude',
  'longitude',
  'what3words',
  'detailedLocation',
  'openingHours',
  'availability',
  'purchaseDate',
  'expiryDate',
  'custodianName',
  'custodianPhone',
  'custodianEmail',
  'ambulanceService',
  'publicDisplay',
] as const satisfies readonly (keyof KitRegistration)[];

export type DeploymentChange = { status: DeploymentStatus; notes: string | null; changedBy: string; changedAt: string };

/** A kit as its owner and admins see it (never sent to the public). */
export type Kit = {
  id: number;
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
  userId: string | null;
  userEmail: string | null;
  status: KitStatus;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  lastVerifiedAt: string | null;
  nextVerificationDue: string | null;
  verificationStatus: VerificationStatus;
  deploymentStatus: DeploymentStatus;
  deploymentNotes: string | null;
  deploymentHistory: DeploymentChange[];
  revision: number;
  /** Consumables' expiry as recorded at the last check (YYYY-MM-DD). */
  tourniquetExpiry?: string | null;
  dressingsExpiry?: string | null;
  /** When the deployment status last changed: the custodian's restock e-mail is keyed by it. */
  deploymentChangedAt?: string | null;
  /** The kit's verification checks, newest first (owner and admin views of one kit). */
  verificationChecks?: VerificationCheck[];
};

/**
 * PUT /api/admin/kit-edit. `revision` is the kit's revision the form was opened with: when the kit has been
 * written since, the save answers 409 (KitMessages.staleEdit) instead of overwriting that change.
 */
export type KitEditRequest = {
  kitId: number | string;
  revision?: number;
  data: Partial<KitRegistration> & { manuallyChecked?: boolean; status?: KitStatus; userId?: string | null };
};

/** GET /api/bleed-kits/user */
export type OwnerKitsResponse = { kits: Kit[]; userRole: 'admin' | 'user' };

/**
 * The public projection: what geo-search keeps and the finder shows. Never custodian details, cabinet codes,
 * owner ids or e-mails.
 */
export type PublicKit = {
  id: number;
  locationName: string;
  locationType: LocationType;
  latitude: number;
  longitude: number;
  availability: string | null;
  openingHours: string;
  what3words: string | null;
  addressLine1: string;
  city: string;
  postcode: string;
  detailedLocation: string | null;
  deploymentStatus: DeploymentStatus;
  verificationStatus: VerificationStatus;
};

export const PUBLIC_KIT_FIELDS = [
  'id',
  'locationName',
  'locationType',
  'latitude',
  'longitude',
  'availability',
  'openingHours',
  'what3words',
  'addressLine1',
  'city',
  'postcode',
  'detailedLocation',
  'deploymentStatus',
  'verificationStatus',
] as const satisfies readonly (keyof PublicKit)[];

/** Field names that must never appear in any public answer. */
export const PRIVATE_KIT_FIELDS = ['custodianName', 'custodianEmail', 'custodianPhone', 'cabinetCode', 'userId', 'userEmail', 'ownerId'] as const;

/** A kit exactly as a consumer of the change feed receives it: the full record but the cabinet code. */
export type KitFeedRecord = Omit<Kit, 'cabinetCode' | 'userEmail'> & { hasCabinetCode: boolean };

/** One entry of the revision change feed: a kit's latest state, or its tombstone (kit null). */
export type KitChange = { revision: number; kitId: number; kit: KitFeedRecord | null };
/** After revision R, at most `limit` changes; `upToRevision` (inclusive) bounds a range read. */
export type KitChangesRequest = { afterRevision: number; limit: number; upToRevision?: number };
/**
 * `headRevision`: the newest revision committed when the page was read (the same snapshot), so a consumer far behind
 * (a bulk update: one revision per kit) can read the ranges below it in parallel.
 */
export type KitChangesResponse = { changes: KitChange[]; lastRevision: number; hasMore: boolean; headRevision: number };
export type KitChangedHint = { revision: number };

/**
 * The public projection's feed (kits.public-changes): the same revisions as kits.changes, but each kit is either
 * its public listing (active and publicDisplay on: `toPublicKit`) or null (deleted, or not public any more).
 * Consumers that keep only public kits (geo-search) read a third of the bytes and never receive a custodian's details.
 */
export type PublicKitChange = {
  revision: number;
  kitId: number;
  kit: PublicKit | null;
  /**
   * The kit's next verification due day (YYYY-MM-DD), beside the listing: geo-search derives the public verification
   * status from it at read time, so an overdue kit turns 'Needs Verification' without being written again.
   */
  verificationDue?: string | null;
};
/**
 * `headRevision`: the newest revision committed when the page was read. Writers commit in revision order, so every
 * revision up to it is committed: ranges below it can be read in parallel without missing one that commits late.
 */
export type PublicKitChangesResponse = { changes: PublicKitChange[]; lastRevision: number; hasMore: boolean; headRevision: number };

/**
 * The structured schedule is what openingHours is written from, so the public listing carries the text only; a
 * legacy plain-text availability (no JSON) is kept, as the finder reads it when there are no opening hours. This
 * halves a kit's JSON, and every viewport answer holds up to a thousand of them.
 */
export function publicAvailability(availability: string | null): string | null {
  const a = availability?.trim();
  return a && !a.startsWith('{') ? a : null;
}

/** A kit as the public sees it: the public fields only. */
export function toPublicKit(k: Pick<Kit, (typeof PUBLIC_KIT_FIELDS)[number]>): PublicKit {
  return {
    id: k.id,
    locationName: k.locationName,
    locationType: k.locationType,
    latitude: k.latitude,
    longitude: k.longitude,
    availability: publicAvailability(k.availability),
    openingHours: k.openingHours,
    what3words: k.what3words,
    addressLine1: k.addressLine1,
    city: k.city,
    postcode: k.postcode,
    detailedLocation: k.detailedLocation,
    deploymentStatus: k.deploymentStatus,
    verificationStatus: k.verificationStatus,
  };
}

/** Active kits whose custodian allows public display go on the map; others stay for emergency services only. */
export function isPublic(k: { status: KitStatus; publicDisplay: boolean }): boolean {
  return k.status === 'active' && k.publicDisplay;
}

export const KIT_ID_PREFIX = 'BCK-';
export function displayKitId(id: number | string): string {
  return `${KIT_ID_PREFIX}${id}`;
}
