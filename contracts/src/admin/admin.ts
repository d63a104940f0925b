import type { Kit } from '../kits/kit';

/** A kit in the admin views (GET /api/test-kits, pending and rejected lists). */
export type AdminKit = Kit & { isOverdue: boolean };
export const UNASSIGNED = 'Unassigned';

/** The admin transitions of a kit's status (rules in the kits context). */
export type StatusTransition = 'approve' | 'reject' | 'reactivate';
/** GET /api/kit-status?id=&status=active|rejected: the status asked for, from the current one, gives the transition. */
export type KitStatusChangeResponse = { message: string; kit: AdminKit };

export type BulkApproveRequest = { kitIds: (number | string)[] };
/** Ids that were not pending (or not found) are reported, never silently counted. */
export type BulkApproveResponse = { approved: number; approvedIds: number[]; notPending: number[]; notFound: number[]; message: string };

export type ReassignRequest = { userId: string | null; kitId: number | string };

export type ManufacturerRow = { value: string; label: string; kitCount: number };
export const ManufacturerMessages = {
  nameRequired: 'Please enter a manufacturer name.',
  duplicate: 'This manufacturer already exists in the system.',
  otherProtected: "The 'Other' option cannot be removed as it serves as a fallback.",
  notFound: 'Manufacturer not found',
} as const;

/** Lower case, spaces to underscores, anything but letters, digits and underscores removed. */
export function normaliseManufacturerName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '');
}

export type ApprovedKitsFile = { filename: string; content: string };
export type ApprovedKitsDownloadResponse = { files: ApprovedKitsFile[]; count: number; message: string };
export type LastDownloadResponse = { lastDownloadDate: string };
/** Shown as 'Never' in the admin tools. */
export const NEVER_DOWNLOADED_SENTINEL = '2000-01-01T00:00:00.000Z';
export const NO_NEW_APPROVED_KITS = 'No new approved kits since last download';

export type MaintenanceResult = { updatedCount: number; totalKits?: number; message: string };
export type FixAddressesResult = { summary: { checked: number; fixed: number; failed: number }; message: string };

/** GET /api/statistics */
export type StatisticsResponse = {
  totalActiveKits: number;
  verification: { manuallyVerified: number; total: number };
  byAccessType: { type: string; count: number }[];
  byAmbulanceService: { service: string; count: number }[];
  byMake: { make: string; count: number }[];
  byStatus: { status: string; count: number }[];
};
