import type { VerificationStatus } from './kit';

export const VERIFICATION_INTERVAL_MONTHS = 6;
export const DUE_SOON_MONTHS = 3;
/** The admin 'Verification Due' tile and report: due within 30 days, overdue, or no date. */
export const VERIFICATION_DUE_WINDOW_DAYS = 30;

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** The next verification falls 6 months after the last one, or after approval/registration when never verified. */
export function nextVerificationDue(lastVerifiedAt: string | null, since: string): string {
  return addMonths(new Date(lastVerifiedAt ?? since), VERIFICATION_INTERVAL_MONTHS).toISOString();
}

/** Overdue: not verified for over 6 months. Due soon: last verified 3 to 6 months ago. */
export function verificationStatus(lastVerifiedAt: string | null, now: Date = new Date()): VerificationStatus {
  if (!lastVerifiedAt) return 'never_verified';
  const last = new Date(lastVerifiedAt);
  if (addMonths(last, VERIFICATION_INTERVAL_MONTHS) < now) return 'overdue';
  if (addMonths(last, DUE_SOON_MONTHS) < now) return 'due_soon';
  return 'verified';
}
