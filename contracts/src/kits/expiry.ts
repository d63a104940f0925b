/** Dashboard expiry filter buckets: expired, within 30 days, within 180 days, over 180 days. */
export const EXPIRY_FILTERS = ['all', 'expired', 'expiring_soon', 'expiring_6months', 'valid'] as const;
export type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];
export type ExpiryBucket = Exclude<ExpiryFilter, 'all'>;

export const EXPIRY_FILTER_LABELS: Readonly<Record<ExpiryFilter, string>> = {
  all: 'All Expiry',
  expired: 'Expired',
  expiring_soon: 'Expiring Soon (30 days)',
  expiring_6months: 'Expiring within 6 months',
  valid: 'Valid (6+ months)',
};

export const EXPIRING_SOON_DAYS = 30;
export const EXPIRING_6_MONTHS_DAYS = 180;
/** The 'Expiring Soon' label (badge and dashboard tile) uses 3 months, as the spec says. */
export const EXPIRING_SOON_LABEL_DAYS = 90;
export const MAX_KIT_LIFE_YEARS = 5;
export const DEFAULT_EXPIRY_YEARS = 3;

const DAY_MS = 86_400_000;

function startOfDayUtc(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Whole days from today to the expiry date (negative when expired); null when the date cannot be read. */
export function daysUntil(date: string | null | undefined, now: Date = new Date()): number | null {
  if (!date) return null;
  const t = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(t)) return null;
  return Math.round((startOfDayUtc(new Date(t)) - startOfDayUtc(now)) / DAY_MS);
}

export function expiryBucket(expiryDate: string | null | undefined, now: Date = new Date()): ExpiryBucket | null {
  const days = daysUntil(expiryDate, now);
  if (days === null) return null;
  if (days < 0) return 'expired';
  if (days <= EXPIRING_SOON_DAYS) return 'expiring_soon';
  if (days <= EXPIRING_6_MONTHS_DAYS) return 'expiring_6months';
  return 'valid';
}

export function matchesExpiryFilter(expiryDate: string | null | undefined, filter: ExpiryFilter, now: Date = new Date()): boolean {
  return filter === 'all' || expiryBucket(expiryDate, now) === filter;
}

export type ExpiryLabel = 'Expired' | 'Expiring Soon' | 'Valid';
/** The expiry-aware part of the status badge. */
export function expiryLabel(expiryDate: string | null | undefined, now: Date = new Date()): ExpiryLabel | null {
  const days = daysUntil(expiryDate, now);
  if (days === null) return null;
  if (days < 0) return 'Expired';
  if (days <= EXPIRING_SOON_LABEL_DAYS) return 'Expiring Soon';
  return 'Valid';
}

/** Today and today + 3 years as YYYY-MM-DD: the form's purchase and expiry defaults. */
export function defaultKitDates(now: Date = new Date()): { purchaseDate: string; expiryDate: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const expiry = new Date(now);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + DEFAULT_EXPIRY_YEARS);
  return { purchaseDate: iso(now), expiryDate: iso(expiry) };
}

/** en-GB date (dd/mm/yyyy) for tables and reports. */
export function formatDateGb(date: string | null | undefined): string {
  if (!date) return '';
  const t = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(t)) return '';
  return new Date(t).toLocaleDateString('en-GB', { timeZone: 'UTC' });
}
