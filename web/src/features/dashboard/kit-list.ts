import {
  ADMIN_LOCATION_TYPE_OPTIONS,
  displayKitId,
  EXPIRY_FILTER_LABELS,
  EXPIRY_FILTERS,
  type ExpiryFilter,
  expiryLabel,
  type Kit,
  KIT_STATUS_LABELS,
  type KitStatus,
  type LocationType,
  matchesExpiryFilter,
  matchesVerificationFilter,
  type Option,
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  type VerificationFilter,
  verificationLabel,
} from '@bleedkits/contracts';

/** The dashboard's list rules (spec §2 Dashboard, §9): pure, so the page and its tests share them. */

export const SORT_FIELDS = ['none', 'locationName', 'serialNumber', 'expiryDate', 'createdAt', 'city', 'postcode'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export type StatusFilter = 'all' | KitStatus;
export type TypeFilter = 'all' | LocationType;

export type KitFilters = {
  search: string;
  sortField: SortField;
  sortDirection: SortDirection;
  status: StatusFilter;
  locationType: TypeFilter;
  expiry: ExpiryFilter;
  /** The verification rules of contracts (the admin reports use the same). */
  verification: VerificationFilter;
};

export const DEFAULT_FILTERS: KitFilters = {
  search: '',
  sortField: 'none',
  sortDirection: 'asc',
  status: 'all',
  locationType: 'all',
  expiry: 'all',
  verification: 'all',
};
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const SORT_OPTIONS: readonly Option<SortField>[] = [
  { value: 'none', label: 'No Sorting' },
  { value: 'locationName', label: 'Location Name' },
  { value: 'serialNumber', label: 'Serial Number' },
  { value: 'expiryDate', label: 'Expiry Date' },
  { value: 'createdAt', label: 'Registration Date' },
  { value: 'city', label: 'City' },
  { value: 'postcode', label: 'Postcode' },
];
export const DIRECTION_OPTIONS: readonly Option<SortDirection>[] = [
  { value: 'asc', label: 'A-Z / Oldest' },
  { value: 'desc', label: 'Z-A / Newest' },
];
export const STATUS_FILTER_OPTIONS: readonly Option<StatusFilter>[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];
/**
 * Every type a stored kit can carry (the four registration types, then vehicle, other, legacy_unknown). The spec's
 * 'building' and 'indoor_location' match no stored value, so the filter offers the real ones instead.
 */
export const TYPE_FILTER_OPTIONS: readonly Option<TypeFilter>[] = [{ value: 'all', label: 'All Types' }, ...ADMIN_LOCATION_TYPE_OPTIONS];
export const EXPIRY_OPTIONS: readonly Option<ExpiryFilter>[] = EXPIRY_FILTERS.map((value) => ({ value, label: EXPIRY_FILTER_LABELS[value] }));
export const VERIFICATION_OPTIONS: readonly Option<VerificationFilter>[] = VERIFICATION_FILTERS.map((value) => ({
  value,
  label: VERIFICATION_FILTER_LABELS[value],
}));

const SEARCH_FIELDS = ['serialNumber', 'locationName', 'addressLine1', 'city', 'postcode', 'what3words'] as const;

export function matchesSearch(kit: Kit, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return SEARCH_FIELDS.some((f) => (kit[f] ?? '').toLowerCase().includes(needle));
}

export function filterKits(kits: readonly Kit[], filters: KitFilters, now: Date = new Date()): Kit[] {
  return kits.filter(
    (k) =>
      matchesSearch(k, filters.search) &&
      (filters.status === 'all' || k.status === filters.status) &&
      (filters.locationType === 'all' || k.locationType === filters.locationType) &&
      matchesExpiryFilter(k.expiryDate, filters.expiry, now) &&
      // Pending and rejected kits are not chased for verification: the filter shows active ones.
      (filters.verification === 'all' || (k.status === 'active' && matchesVerificationFilter(k.nextVerificationDue, filters.verification, now))),
  );
}

const DATE_FIELDS = new Set<SortField>(['expiryDate', 'createdAt']);
const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** A stable sort; empty values go last whichever the direction. 'none' keeps the server's order. */
export function sortKits(kits: readonly Kit[], field: SortField, direction: SortDirection): Kit[] {
  if (field === 'none') return [...kits];
  const sign = direction === 'asc' ? 1 : -1;
  const key = (k: Kit): string | number | null => {
    const raw = k[field];
    if (raw === null || raw === undefined || raw === '') return null;
    if (DATE_FIELDS.has(field)) {
      const t = Date.parse(String(raw));
      return Number.isNaN(t) ? null : t;
    }
    return String(raw);
  };
  return kits
    .map((kit, index) => ({ kit, index, value: key(kit) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const c = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
      return c !== 0 ? sign * c : a.index - b.index;
    })
    .map((e) => e.kit);
}

export type Page<T> = { items: T[]; page: number; pageCount: number; from: number; to: number; total: number };

export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize;
  const slice = items.slice(start, start + pageSize);
  return { items: slice, page: current, pageCount, from: total === 0 ? 0 : start + 1, to: start + slice.length, total };
}

export function showingText(p: Pick<Page<unknown>, 'from' | 'to' | 'total'>): string {
  return `Showing ${p.from}-${p.to} of ${p.total} kits`;
}

export function pageText(p: Pick<Page<unknown>, 'page' | 'pageCount'>): string {
  return `Page ${p.page} of ${p.pageCount}`;
}

export type KitStatusLabel = 'Pending Approval' | 'Rejected' | 'Expired' | 'Expiring Soon' | 'Active';

/** The status badge: pending and rejected first, then expired, expiring within 3 months, else active. */
export function dashboardStatusLabel(kit: Pick<Kit, 'status' | 'expiryDate'>, now: Date = new Date()): KitStatusLabel {
  if (kit.status === 'pending' || kit.status === 'rejected') return KIT_STATUS_LABELS[kit.status] as KitStatusLabel;
  const expiry = expiryLabel(kit.expiryDate, now);
  if (expiry === 'Expired' || expiry === 'Expiring Soon') return expiry;
  return 'Active';
}

/** The tiles: active kits by status; expiring soon (3 months) and expired by expiry date. */
export function tileCounts(
  kits: readonly Kit[],
  now: Date = new Date(),
): { active: number; expiringSoon: number; expired: number; verificationDue: number } {
  let active = 0;
  let expiringSoon = 0;
  let expired = 0;
  let verificationDue = 0;
  for (const k of kits) {
    if (k.status === 'active') active++;
    if (k.status === 'active' && verificationLabel(k.nextVerificationDue, now) !== null) verificationDue++;
    const label = expiryLabel(k.expiryDate, now);
    if (label === 'Expiring Soon') expiringSoon++;
    if (label === 'Expired') expired++;
  }
  return { active, expiringSoon, expired, verificationDue };
}

// ---- the dashboard's links (the reminder e-mails' `?verify=<kitId>` and `?verification=<bucket>`) ----------------

/** The query parameters of the links in reminder e-mails (contracts: kitVerifyPath, dueKitsPath). */
export const VERIFY_PARAM = 'verify';
export const VERIFICATION_PARAM = 'verification';

/** What `?verify=` names: nothing, a kit id, or something that is not one (a mangled link). */
export type VerifyLink = { kind: 'none' } | { kind: 'kit'; kitId: number } | { kind: 'invalid' };

export function parseVerifyLink(value: string | null): VerifyLink {
  if (value === null) return { kind: 'none' };
  const trimmed = value.trim();
  // Kit ids are positive integers; the BCK- form people see on the dashboard is accepted too.
  const digits = /^(?:BCK-)?(\d{1,15})$/i.exec(trimmed)?.[1];
  const kitId = digits === undefined ? NaN : Number(digits);
  return Number.isSafeInteger(kitId) && kitId > 0 ? { kind: 'kit', kitId } : { kind: 'invalid' };
}

/** The verification bucket `?verification=` names, or null when it names none ('all' is the default, not a link). */
export function verificationFilterFromLink(value: string | null): Exclude<VerificationFilter, 'all'> | null {
  const found = VERIFICATION_FILTERS.find((f) => f === value);
  return found && found !== 'all' ? found : null;
}

export const VERIFY_LINK_INVALID = 'This link does not name a kit. Find the kit in the list below and choose Verify Kit in its details.';
export const verifyLinkNotYours = (kitId: number): string =>
  `Kit ${displayKitId(kitId)} is not one of your kits, so it cannot be verified here. If the reminder was sent to another account, sign in with that account.`;
export const VERIFICATION_LINK_INVALID = 'This link asks for a verification filter the dashboard does not have, so all your kits are shown.';

/** A load failure that only means 'this user has no kits' shows the empty state, not an error. */
export function isNoKitsError(error: unknown): boolean {
  const message = typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  return status === 404 || /404|not found|no kits/i.test(message);
}
