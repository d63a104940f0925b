import { AMBULANCE_SERVICE_LABELS, type AmbulanceService } from '../enums/ambulance-service';
import { LOCATION_TYPE_LABELS, type LocationType } from '../enums/location-type';
import { type CsvColumn, toCsv } from '../csv/csv';
import { displayKitId } from '../kits/kit';
import { AMBULANCE_VERIFICATION_STATE_LABELS, type AmbulanceVerificationState } from '../kits/verification';
import { WITHDRAWAL_REASON_LABELS, type WithdrawalReason } from './control-room-kit';

/** A kit row of an ambulance service's approved-kits file. */
export type ApprovedKitRow = {
  id: number;
  serialNumber: string;
  locationName: string;
  locationType: LocationType;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
  what3words: string | null;
  latitude: number;
  longitude: number;
  detailedLocation: string | null;
  openingHours: string;
  deploymentStatus: string;
  lastVerifiedAt: string | null;
  cabinetCode: string | null;
  ambulanceService: AmbulanceService;
  publicDisplay: boolean;
  approvedAt: string | null;
  /** Overdue by more than the grace days reads 'Needs Verification' (contracts' ambulanceVerificationState). */
  verificationState?: AmbulanceVerificationState;
};
/** A kit the service had been given that has left its set since: the control room removes it. */
export type ApprovedKitWithdrawal = { id: number; reason: WithdrawalReason };
export type ApprovedDownloadLine =
  { service: AmbulanceService; kit: ApprovedKitRow } | { service: AmbulanceService; withdrawal: ApprovedKitWithdrawal };

const kitCell =
  <T>(read: (k: ApprovedKitRow) => T) =>
  (line: ApprovedDownloadLine): T | '' =>
    'kit' in line ? read(line.kit) : '';

/** What a control room needs to send someone to a kit, including the code that opens a locked cabinet. */
export const APPROVED_KIT_COLUMNS: readonly CsvColumn<ApprovedDownloadLine>[] = [
  { header: 'Kit ID', value: (l) => displayKitId('kit' in l ? l.kit.id : l.withdrawal.id) },
  { header: 'Serial Number', value: kitCell((k) => k.serialNumber) },
  { header: 'Location Name', value: kitCell((k) => k.locationName) },
  { header: 'Location Type', value: kitCell((k) => LOCATION_TYPE_LABELS[k.locationType] ?? k.locationType) },
  { header: 'Address Line 1', value: kitCell((k) => k.addressLine1) },
  { header: 'Address Line 2', value: kitCell((k) => k.addressLine2) },
  { header: 'City', value: kitCell((k) => k.city) },
  { header: 'Postcode', value: kitCell((k) => k.postcode) },
  { header: 'what3words', value: kitCell((k) => k.what3words) },
  { header: 'Latitude', value: kitCell((k) => k.latitude) },
  { header: 'Longitude', value: kitCell((k) => k.longitude) },
  { header: 'Detailed Location', value: kitCell((k) => k.detailedLocation) },
  { header: 'Availability', value: kitCell((k) => k.openingHours) },
  { header: 'Deployment Status', value: kitCell((k) => k.deploymentStatus) },
  { header: 'Last Verified', value: kitCell((k) => k.lastVerifiedAt?.slice(0, 10) ?? '') },
  { header: 'Verification State', value: kitCell((k) => (k.verificationState ? AMBULANCE_VERIFICATION_STATE_LABELS[k.verificationState] : '')) },
  { header: 'Cabinet Code', value: kitCell((k) => k.cabinetCode) },
  { header: 'Ambulance Service', value: (l) => AMBULANCE_SERVICE_LABELS[l.service] ?? l.service },
  { header: 'Shown On Public Map', value: kitCell((k) => (k.publicDisplay ? 'yes' : 'no')) },
  { header: 'Approved At', value: kitCell((k) => k.approvedAt?.slice(0, 10) ?? '') },
  { header: 'Withdrawn', value: (l) => ('withdrawal' in l ? 'yes' : 'no') },
  { header: 'Withdrawal Reason', value: (l) => ('withdrawal' in l ? WITHDRAWAL_REASON_LABELS[l.withdrawal.reason] : '') },
];

export function approvedKitsFileName(service: AmbulanceService, from: Date, to: Date): string {
  const d = (x: Date) => x.toISOString().slice(0, 10);
  return `approved-kits-${service.replace(/_/g, '-')}-${d(from)}-to-${d(to)}.csv`;
}

export function approvedKitsCsv(lines: readonly ApprovedDownloadLine[]): string {
  return toCsv(lines, APPROVED_KIT_COLUMNS);
}

/** The header line of every approved-kits file (with its CRLF). */
export const APPROVED_KITS_CSV_HEADER = toCsv([], APPROVED_KIT_COLUMNS);

/** Rows only, to append to a file part by part: the same cells as approvedKitsCsv. */
export function approvedKitsCsvRows(lines: readonly ApprovedDownloadLine[]): string {
  return lines.length ? toCsv(lines, APPROVED_KIT_COLUMNS).slice(APPROVED_KITS_CSV_HEADER.length) : '';
}

/** '5000 approved kits and 3 withdrawals in 6 files'. */
export function approvedDownloadMessage(kits: number, withdrawals: number, files: number): string {
  const w = withdrawals ? ` and ${withdrawals} ${withdrawals === 1 ? 'withdrawal' : 'withdrawals'}` : '';
  return `${kits} approved kits${w} in ${files} ${files === 1 ? 'file' : 'files'}`;
}

// ---- between the gateway and the kits context (NATS) ------------------------------------------------

/**
 * A download covers the revisions after the watermark (the highest revision the last completed download included)
 * up to the head when it began. It is read in parts and recorded only when the gateway has produced every file.
 */
export type ApprovedDownloadBeginResponse = { fromRevision: number; toRevision: number; fromDate: string; toDate: string };
/** Parts are ordered by (revision, service); `after` is the last line of the previous part. */
export type ApprovedDownloadPartRequest = {
  fromRevision: number;
  toRevision: number;
  after: { revision: number; service: string } | null;
  limit: number;
};
export type ApprovedDownloadPartResponse = {
  lines: ApprovedDownloadLine[];
  last: { revision: number; service: string } | null;
  exhausted: boolean;
};
export type ApprovedDownloadCommitRequest = {
  fromRevision: number;
  toRevision: number;
  kitCount: number;
  withdrawalCount: number;
  downloadedAt: string;
};
export const ApprovedDownloadMessages = {
  concurrent: 'Another download was taken at the same time. Download again to get anything it did not include.',
} as const;
