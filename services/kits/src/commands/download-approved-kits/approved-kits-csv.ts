import { AMBULANCE_SERVICE_LABELS, type AmbulanceService, type CsvColumn, LOCATION_TYPE_LABELS, displayKitId, toCsv } from '@bleedkits/contracts';
import type { KitState } from '../../domain/kit-state';

/** What a control room needs to send someone to a kit, including the code that opens a locked cabinet. */
export const APPROVED_KIT_COLUMNS: readonly CsvColumn<KitState>[] = [
  { header: 'Kit ID', value: (k) => displayKitId(k.id) },
  { header: 'Serial Number', value: (k) => k.serialNumber },
  { header: 'Location Name', value: (k) => k.locationName },
  { header: 'Location Type', value: (k) => LOCATION_TYPE_LABELS[k.locationType] ?? k.locationType },
  { header: 'Address Line 1', value: (k) => k.addressLine1 },
  { header: 'Address Line 2', value: (k) => k.addressLine2 },
  { header: 'City', value: (k) => k.city },
  { header: 'Postcode', value: (k) => k.postcode },
  { header: 'what3words', value: (k) => k.what3words },
  { header: 'Latitude', value: (k) => k.latitude },
  { header: 'Longitude', value: (k) => k.longitude },
  { header: 'Detailed Location', value: (k) => k.detailedLocation },
  { header: 'Availability', value: (k) => k.openingHours },
  { header: 'Deployment Status', value: (k) => k.deploymentStatus },
  { header: 'Last Verified', value: (k) => k.lastVerifiedAt?.slice(0, 10) ?? '' },
  { header: 'Cabinet Code', value: (k) => k.cabinetCode },
  { header: 'Ambulance Service', value: (k) => AMBULANCE_SERVICE_LABELS[k.ambulanceService] ?? k.ambulanceService },
  { header: 'Shown On Public Map', value: (k) => (k.publicDisplay ? 'yes' : 'no') },
  { header: 'Approved At', value: (k) => k.approvedAt?.slice(0, 10) ?? '' },
];

export function approvedKitsFileName(service: AmbulanceService, from: Date, to: Date): string {
  const d = (x: Date) => x.toISOString().slice(0, 10);
  return `approved-kits-${service.replace(/_/g, '-')}-${d(from)}-to-${d(to)}.csv`;
}

export function approvedKitsCsv(kits: readonly KitState[]): string {
  return toCsv(kits, APPROVED_KIT_COLUMNS);
}
