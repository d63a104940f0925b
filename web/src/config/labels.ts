import {
  AMBULANCE_SERVICE_LABELS,
  KIT_STATUS_LABELS,
  LOCATION_TYPE_LABELS,
  type AmbulanceService,
  type KitStatus,
  type LocationType,
} from '@bleedkits/contracts';

// The labels are contracts'; these lookups take the raw text a table row carries and show it as is when unknown.
export const locationTypeLabel = (t: string): string => LOCATION_TYPE_LABELS[t as LocationType] ?? t;
export const ambulanceServiceLabel = (s: string | null | undefined): string =>
  s ? (AMBULANCE_SERVICE_LABELS[s as AmbulanceService] ?? s) : AMBULANCE_SERVICE_LABELS.unknown;
export const kitStatusLabel = (s: string): string => KIT_STATUS_LABELS[s as KitStatus] ?? s;
