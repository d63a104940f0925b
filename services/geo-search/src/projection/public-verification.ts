import { type CalendarDate, type VerificationStatus, addCalendarDays, needsVerification, startOfLondonDay } from '@bleedkits/contracts';

/** How the public verification status of a kit is worked out when its change is applied, and again when it is due. */
export type PublicVerification = { now: Date; graceDays: number };

/**
 * The public map says 'overdue' (the finder shows 'Needs Verification') only once a kit is overdue by more than the
 * grace days (contracts' needsVerification); within them an overdue kit reads as due soon. Decided here, at read
 * time, from the due day the feed carries, so no write of the kit is needed when the day comes.
 */
export function publicStatus(feedStatus: VerificationStatus, due: CalendarDate | null | undefined, v: PublicVerification): VerificationStatus {
  if (due && needsVerification(due, v.now, v.graceDays)) return 'overdue';
  return feedStatus === 'overdue' ? 'due_soon' : feedStatus;
}

/**
 * The minute (since the epoch) a kit's public status turns to overdue, or 0 if it already has or has no due day.
 * Whole minutes fit V8's small integers, so a million entries carry no boxed number for it.
 */
export function flipsAt(status: VerificationStatus, due: CalendarDate | null | undefined, graceDays: number): number {
  if (status === 'overdue' || !due) return 0;
  return startOfLondonDay(addCalendarDays(due, graceDays + 1)).getTime() / 60_000;
}
