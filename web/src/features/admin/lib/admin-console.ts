import {
  calendarDateOf,
  daysOverdue,
  formatDateGb,
  isCalendarDate,
  isInVerificationDueReport,
  isLongSerial,
  isVerificationOverdue,
  UNASSIGNED,
  type AdminKit,
  type AdminUserRow,
  type CsvColumn,
} from '@bleedkits/contracts';
import { ambulanceServiceLabel, kitStatusLabel, locationTypeLabel } from '@/config/labels';

/** The admin All Kits table: rows per page the admin may choose, and the default. */
export const ADMIN_PAGE_SIZES = [25, 50, 100, 200, 500] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const DEFAULT_ADMIN_PAGE_SIZE: AdminPageSize = 50;

export type Page<T> = { rows: T[]; page: number; pageCount: number; from: number; to: number; total: number };

/** One page of rows (1-based). An out-of-range page is clamped, so a shrinking list never shows an empty page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return { rows: slice, page: current, pageCount, from: total === 0 ? 0 : start + 1, to: start + slice.length, total };
}

export const ownerEmail = (k: Pick<AdminKit, 'userEmail'>): string => k.userEmail ?? UNASSIGNED;

/** The admin kit search: case-insensitive over the identifying and address fields, the custodian and the owner. */
export function matchesKitSearch(kit: AdminKit, term: string): boolean {
  const q = term.trim().toLowerCase();
  if (!q) return true;
  return [
    kit.serialNumber,
    kit.locationName,
    kit.addressLine1,
    kit.addressLine2,
    kit.city,
    kit.postcode,
    kit.custodianName,
    kit.custodianEmail,
    kit.userEmail,
    String(kit.id),
  ].some((v) => (v ?? '').toLowerCase().includes(q));
}

export const ADMIN_KIT_SORT_KEYS = [
  'serialNumber',
  'locationName',
  'city',
  'postcode',
  'status',
  'locationType',
  'ambulanceService',
  'manuallyChecked',
  'userEmail',
] as const;
export type AdminKitSortKey = (typeof ADMIN_KIT_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

function sortValue(kit: AdminKit, key: AdminKitSortKey): string {
  switch (key) {
    case 'manuallyChecked':
      return kit.manuallyChecked ? '1' : '0';
    case 'userEmail':
      return kit.userEmail ?? '';
    case 'locationType':
      return locationTypeLabel(kit.locationType);
    case 'ambulanceService':
      return ambulanceServiceLabel(kit.ambulanceService);
    case 'serialNumber':
    case 'locationName':
    case 'city':
    case 'postcode':
    case 'status':
      return String(kit[key] ?? '');
  }
}

/** A stable, natural-order sort (so 'KIT-2' comes before 'KIT-10'); ties keep the incoming order. */
export function sortKits(kits: readonly AdminKit[], key: AdminKitSortKey, direction: SortDirection): AdminKit[] {
  const sign = direction === 'asc' ? 1 : -1;
  return kits
    .map((kit, index) => ({ kit, index }))
    .sort(
      (a, b) =>
        sign * sortValue(a.kit, key).localeCompare(sortValue(b.kit, key), 'en-GB', { numeric: true, sensitivity: 'base' }) || a.index - b.index,
    )
    .map((x) => x.kit);
}

/** The Users tab search: case-insensitive on the full name or the e-mail. */
export function matchesUserSearch(user: Pick<AdminUserRow, 'first_name' | 'last_name' | 'email'>, term: string): boolean {
  const q = term.trim().toLowerCase();
  if (!q) return true;
  return `${user.first_name} ${user.last_name}`.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
}

export const fullName = (u: Pick<AdminUserRow, 'first_name' | 'last_name'>): string => `${u.first_name} ${u.last_name}`.trim();

/** The role toggle's confirmation: it names the person and the direction. */
export function roleToggleConfirmation(u: Pick<AdminUserRow, 'first_name' | 'last_name' | 'email' | 'role'>): string {
  const who = `${fullName(u)} (${u.email})`;
  return u.role === 'admin'
    ? `Are you sure you want to demote ${who} to regular user? They will lose admin access.`
    : `Are you sure you want to promote ${who} to admin? They will get full admin access.`;
}

// ---- Verification Due report -------------------------------------------------------------------

export type VerificationDueState = 'Overdue' | 'Due Soon' | 'No Due Date';
export type VerificationDueRow = { kit: AdminKit; dueDate: string | null; daysOverdue: number | null; state: VerificationDueState };

/**
 * An active kit is due when its next verification falls within 30 days, is past, or is missing. Pending and
 * rejected kits are not on the map, so they are not chased for verification.
 */
export function verificationDueRow(kit: AdminKit, now: Date = new Date()): VerificationDueRow | null {
  if (kit.status !== 'active') return null;
  const due = isCalendarDate(kit.nextVerificationDue?.slice(0, 10)) ? calendarDateOf(kit.nextVerificationDue!) : null;
  if (due === null) return { kit, dueDate: null, daysOverdue: null, state: 'No Due Date' };
  if (!isInVerificationDueReport(due, now)) return null;
  const overdue = isVerificationOverdue(due, now);
  return { kit, dueDate: due, daysOverdue: daysOverdue(due, now), state: overdue ? 'Overdue' : 'Due Soon' };
}

/** Most overdue first, then kits without a date, then the soonest due. */
export function verificationDueReport(kits: readonly AdminKit[], now: Date = new Date()): VerificationDueRow[] {
  const rows = kits.map((k) => verificationDueRow(k, now)).filter((r): r is VerificationDueRow => r !== null);
  const rank = (r: VerificationDueRow) => (r.state === 'Overdue' ? 0 : r.state === 'No Due Date' ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b) || (b.daysOverdue ?? 0) - (a.daysOverdue ?? 0) || (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
}

export const longSerialKits = (kits: readonly AdminKit[]): AdminKit[] => kits.filter((k) => isLongSerial(k.serialNumber));

// ---- the admin's local CSV exports (written with toCsv, the server's neutralising rules) ----------

const address = (k: AdminKit) => [k.addressLine1, k.addressLine2].filter(Boolean).join(', ');

export const KIT_LIST_CSV_COLUMNS: readonly CsvColumn<AdminKit>[] = [
  { header: 'Serial Number', value: (k) => k.serialNumber },
  { header: 'Location Name', value: (k) => k.locationName },
  { header: 'Address', value: address },
  { header: 'City', value: (k) => k.city },
  { header: 'Postcode', value: (k) => k.postcode },
  { header: 'Status', value: (k) => kitStatusLabel(k.status) },
  { header: 'Type', value: (k) => locationTypeLabel(k.locationType) },
  { header: 'Custodian Name', value: (k) => k.custodianName },
  { header: 'Custodian Email', value: (k) => k.custodianEmail },
  { header: 'Opening Hours', value: (k) => k.openingHours },
];

export const VERIFICATION_DUE_CSV_COLUMNS: readonly CsvColumn<VerificationDueRow>[] = [
  { header: 'Serial Number', value: (r) => r.kit.serialNumber },
  { header: 'Location', value: (r) => r.kit.locationName },
  { header: 'Address', value: (r) => address(r.kit) },
  { header: 'City', value: (r) => r.kit.city },
  { header: 'Postcode', value: (r) => r.kit.postcode },
  { header: 'Custodian', value: (r) => r.kit.custodianName },
  { header: 'Due Date', value: (r) => (r.dueDate ? formatDateGb(r.dueDate) : 'Not set') },
  { header: 'Days Overdue', value: (r) => r.daysOverdue ?? '' },
  { header: 'Status', value: (r) => r.state },
];

export const LONG_SERIAL_CSV_COLUMNS: readonly CsvColumn<AdminKit>[] = [
  { header: 'Current Serial Number', value: (k) => k.serialNumber },
  { header: 'Length', value: (k) => k.serialNumber.length },
  { header: 'Location', value: (k) => k.locationName },
  { header: 'Address', value: address },
  { header: 'City', value: (k) => k.city },
  { header: 'Postcode', value: (k) => k.postcode },
  { header: 'Custodian', value: (k) => k.custodianName },
  { header: 'Status', value: (k) => kitStatusLabel(k.status) },
  { header: 'Type', value: (k) => locationTypeLabel(k.locationType) },
];

/** Base names of the dated export files (datedCsvName adds the date). */
export const ADMIN_EXPORT_FILES = {
  kitList: 'bleed-kits-export',
  verificationDue: 'verification-due-report',
  longSerials: 'long-serial-numbers-report',
} as const;
