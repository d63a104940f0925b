import type { AmbulanceService } from '../enums/ambulance-service';
import type { DeploymentStatus } from '../enums/deployment-status';
import { LOCATION_TYPE_LABELS, type LocationType } from '../enums/location-type';
import { type Availability, parseAvailability } from '../kits/availability';
import { displayKitId } from '../kits/kit';

/**
 * A kit as an ambulance control room (or the responder app) receives it: enough to send someone to it and to open
 * it. `cabinetCode` is present only for an ambulance-service scope; custodian and owner details are never here.
 */
export type ControlRoomKit = {
  id: number;
  /** `BCK-<id>`: what a call handler reads aloud. */
  reference: string;
  /** The kit's revision when this record was written: a later record of the same kit supersedes it. */
  revision: number;
  withdrawn: false;
  locationName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  what3words: string | null;
  detailedLocation: string | null;
  locationType: LocationType;
  locationTypeLabel: string;
  /** Opening hours as text (`24/7`, `Mon-Fri: 09:00-17:00; Closed: Sat, Sun`). */
  openingHours: string;
  /** The structured weekly schedule the text is written from; null for legacy kits that only have text. */
  schedule: Availability | null;
  cabinetCode?: string | null;
  ambulanceService: AmbulanceService;
  /** False for kits hidden from the public map: emergency services still get them. */
  shownOnPublicMap: boolean;
  deploymentStatus: DeploymentStatus;
  /** YYYY-MM-DD, or null when never verified. */
  lastVerifiedDate: string | null;
  /** YYYY-MM-DD. */
  expiryDate: string;
  updatedAt: string;
};

/** Why a kit left a feed's set: remove it from the control room's list. */
export const WITHDRAWAL_REASONS = ['deleted', 'rejected', 'pending_approval', 'moved_to_another_service', 'hidden_from_public_map'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];
export const WITHDRAWAL_REASON_LABELS: Readonly<Record<WithdrawalReason, string>> = {
  deleted: 'Deleted from the register',
  rejected: 'Rejected',
  pending_approval: 'Awaiting approval again after a change',
  moved_to_another_service: 'Moved to another ambulance service',
  hidden_from_public_map: 'Hidden from the public map',
};

export type FeedWithdrawal = { id: number; reference: string; revision: number; withdrawn: true; reason: WithdrawalReason };
export type FeedRecord = ControlRoomKit | FeedWithdrawal;

/** The stored kit fields a control-room record is made of (the kits context's row). */
export type ControlRoomSource = {
  id: number;
  revision: number;
  locationName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  what3words: string | null;
  detailedLocation: string | null;
  locationType: LocationType;
  openingHours: string;
  availability: string | null;
  cabinetCode: string | null;
  ambulanceService: AmbulanceService;
  publicDisplay: boolean;
  deploymentStatus: DeploymentStatus;
  lastVerifiedAt: string | null;
  expiryDate: string;
  updatedAt: string;
};

/** One place decides what a control room sees; the cabinet code only when the scope carries codes. */
export function toControlRoomKit(k: ControlRoomSource, withCabinetCode: boolean): ControlRoomKit {
  const record: ControlRoomKit = {
    id: k.id,
    reference: displayKitId(k.id),
    revision: k.revision,
    withdrawn: false,
    locationName: k.locationName,
    addressLine1: k.addressLine1,
    addressLine2: k.addressLine2,
    city: k.city,
    postcode: k.postcode,
    latitude: k.latitude,
    longitude: k.longitude,
    what3words: k.what3words,
    detailedLocation: k.detailedLocation,
    locationType: k.locationType,
    locationTypeLabel: LOCATION_TYPE_LABELS[k.locationType] ?? k.locationType,
    openingHours: k.openingHours,
    schedule: parseAvailability(k.availability),
    ambulanceService: k.ambulanceService,
    shownOnPublicMap: k.publicDisplay,
    deploymentStatus: k.deploymentStatus,
    lastVerifiedDate: k.lastVerifiedAt ? k.lastVerifiedAt.slice(0, 10) : null,
    expiryDate: k.expiryDate,
    updatedAt: k.updatedAt,
  };
  if (withCabinetCode) record.cabinetCode = k.cabinetCode;
  return record;
}

/** Stored availability text → its schedule as JSON: kits share a few weekly patterns, so each is parsed once. */
const scheduleJsonOf = new Map<string | null, string>();
const SCHEDULES_KEPT = 4096;

/** `JSON.stringify(toControlRoomKit(k).schedule)`, for a feed that writes records without building them. */
export function controlRoomScheduleJson(availability: string | null): string {
  let text = scheduleJsonOf.get(availability);
  if (text === undefined) {
    text = JSON.stringify(parseAvailability(availability));
    if (scheduleJsonOf.size >= SCHEDULES_KEPT) scheduleJsonOf.clear();
    scheduleJsonOf.set(availability, text);
  }
  return text;
}

export function feedWithdrawal(id: number, revision: number, reason: WithdrawalReason): FeedWithdrawal {
  return { id, reference: displayKitId(id), revision, withdrawn: true, reason };
}
