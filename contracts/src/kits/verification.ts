import { tz } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, format } from 'date-fns';

/**
 * The verification rules of the register, in one place for the web, kits, geo-search and verification.
 *
 * Due dates are calendar days (YYYY-MM-DD) in Europe/London, the charity's time zone: a kit verified on 15 January
 * is due on 15 July and overdue from 16 July. Month arithmetic is calendar-correct and clamped to the month's last
 * day (31 August + 6 months = 28 or 29 February; 29 February + 36 months = 28 February), done by date-fns.
 */
export const VERIFICATION_INTERVAL_MONTHS = 6;
/** Due Soon: due within the next 3 months. */
export const DUE_SOON_MONTHS = 3;
/** The admin 'Verification Due' tile and report, and the reminder e-mail: due within 30 days, overdue, or no date. */
export const VERIFICATION_DUE_WINDOW_DAYS = 30;
/** A kit overdue by more than this many days shows 'Needs Verification' on the public map (VERIFICATION_GRACE_DAYS). */
export const DEFAULT_VERIFICATION_GRACE_DAYS = 30;
/** A kit deployed for longer than this is listed in the admins' weekly digest. */
export const DEPLOYED_TOO_LONG_DAYS = 7;
export const VERIFICATION_TIME_ZONE = 'Europe/London';

/** A calendar day, YYYY-MM-DD. */
export type CalendarDate = string;

/** A kit's verification bucket, from its last check (verificationStatus below). */
export type VerificationStatus = 'verified' | 'due_soon' | 'overdue' | 'never_verified';

/**
 * One recorded check of a kit: who and when, and what they found. Kits own the check history (ARCHITECTURE, "Data
 * flow"), so it is declared here and the verification context's contracts import it, never the other way round.
 */
export type VerificationCheck = {
  id: number;
  checkedAt: string;
  checkedBy: string;
  checkedByEmail: string;
  cabinetAccessible: boolean;
  kitPresent: boolean;
  sealIntact: boolean;
  tourniquetExpiry: CalendarDate | null;
  dressingsExpiry: CalendarDate | null;
  notes: string | null;
  passed: boolean;
};

const LONDON = tz(VERIFICATION_TIME_ZONE);
// Plain calendar days are computed at UTC midnight so that no local offset can move them.
const DAYS = tz('UTC');
const ISO_DAY = 'yyyy-MM-dd';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string' || !CALENDAR_DATE.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/**
 * A pure function's answers, kept up to a bound (then forgotten all at once). The date arithmetic below goes through
 * time-zone objects that cost far more than the rule itself, and the feeds ask it for every kit of the register,
 * whose dates repeat.
 */
function remembered<A extends string | number, R>(fn: (key: A) => R, bound = 50_000): (key: A) => R {
  const answers = new Map<A, R>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = fn(key);
      if (answers.size >= bound) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

const HOUR_MS = 3_600_000;
/** London's offsets are whole hours, so its calendar day can only change on the hour: one answer per UTC hour. */
const londonDayOfHour = remembered((hour: number) => format(new Date(hour * HOUR_MS), ISO_DAY, { in: LONDON }));

/** The London calendar day of an instant (a timestamp, or a calendar day as it is). */
export function calendarDateOf(instant: string | Date): CalendarDate {
  if (typeof instant === 'string' && CALENDAR_DATE.test(instant)) return instant;
  const t = new Date(instant).getTime();
  // An invalid instant is refused by date-fns as before.
  return Number.isFinite(t) ? londonDayOfHour(Math.floor(t / HOUR_MS)) : format(new Date(instant), ISO_DAY, { in: LONDON });
}

/** Today in London. */
export function londonToday(now: Date = new Date()): CalendarDate {
  return calendarDateOf(now);
}

const addMonthsTo = remembered((key: string) => {
  const [date, months] = key.split('|');
  return format(addMonths(`${date}T00:00:00Z`, Number(months), { in: DAYS }), ISO_DAY, { in: DAYS });
});
export function addCalendarMonths(date: CalendarDate, months: number): CalendarDate {
  return addMonthsTo(`${date}|${months}`);
}

const addDaysTo = remembered((key: string) => {
  const [date, days] = key.split('|');
  return format(addDays(`${date}T00:00:00Z`, Number(days), { in: DAYS }), ISO_DAY, { in: DAYS });
});
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return addDaysTo(`${date}|${days}`);
}

const daysBetween = remembered((key: string) => {
  const [from, to] = key.split('|');
  return differenceInCalendarDays(`${to}T00:00:00Z`, `${from}T00:00:00Z`, { in: DAYS });
});
/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return daysBetween(`${from}|${to}`);
}

/** The instant London's day `date` begins (midnight, GMT or BST). */
export function startOfLondonDay(date: CalendarDate): Date {
  const [y, m, d] = date.split('-').map(Number);
  // The offset at noon of that day is the day's offset (the clocks change at 01:00 or 02:00).
  const noonUtc = Date.UTC(y, m - 1, d, 12);
  const londonNoon = format(new Date(noonUtc), 'HH', { in: LONDON });
  return new Date(Date.UTC(y, m - 1, d) - (Number(londonNoon) - 12) * 3_600_000);
}

/** What the verification rules read from a kit. */
export type VerificationFacts = {
  lastVerifiedAt: string | null;
  /** When the kit was registered: the cycle of a kit never verified starts there. */
  createdAt: string;
  /** A due date set explicitly (the bulk update); otherwise it is derived. */
  nextVerificationDue?: string | null;
};

/**
 * The next verification falls 6 months after the last one, or 6 months after registration when never verified;
 * a date set by the admin's bulk update takes precedence until the kit is next verified.
 */
export function nextVerificationDue(kit: VerificationFacts): CalendarDate {
  if (kit.nextVerificationDue) return calendarDateOf(kit.nextVerificationDue);
  return addCalendarMonths(calendarDateOf(kit.lastVerifiedAt ?? kit.createdAt), VERIFICATION_INTERVAL_MONTHS);
}

/** The due date of a check made now. */
export function dueAfterCheck(checkedAt: Date): CalendarDate {
  return addCalendarMonths(calendarDateOf(checkedAt), VERIFICATION_INTERVAL_MONTHS);
}

/** Overdue: the due day has passed (more than 6 months since the last verification, or since registration). */
export function isVerificationOverdue(due: CalendarDate | null, now: Date = new Date()): boolean {
  return due !== null && londonToday(now) > due;
}

/** Due Soon: not overdue, and due within the next 3 months. */
export function isVerificationDueSoon(due: CalendarDate | null, now: Date = new Date()): boolean {
  if (due === null || isVerificationOverdue(due, now)) return false;
  return due <= addCalendarMonths(londonToday(now), DUE_SOON_MONTHS);
}

/** Not overdue, and due within 30 days: a reminder is sent. */
export function isVerificationDueWithinWindow(due: CalendarDate | null, now: Date = new Date()): boolean {
  if (due === null || isVerificationOverdue(due, now)) return false;
  return due <= addCalendarDays(londonToday(now), VERIFICATION_DUE_WINDOW_DAYS);
}

/** The Verification Due tile and report: due within 30 days, overdue, or without a date. */
export function isInVerificationDueReport(due: CalendarDate | null, now: Date = new Date()): boolean {
  return due === null || isVerificationOverdue(due, now) || isVerificationDueWithinWindow(due, now);
}

/** Days since the due day (0 when not overdue). */
export function daysOverdue(due: CalendarDate | null, now: Date = new Date()): number {
  if (due === null) return 0;
  return Math.max(0, calendarDaysBetween(due, londonToday(now)));
}

/** Overdue first, then never verified, then due soon; else verified. */
export function verificationStatus(kit: VerificationFacts, now: Date = new Date()): VerificationStatus {
  const due = nextVerificationDue(kit);
  if (isVerificationOverdue(due, now)) return 'overdue';
  if (!kit.lastVerifiedAt) return 'never_verified';
  return isVerificationDueSoon(due, now) ? 'due_soon' : 'verified';
}

/** Overdue by more than the grace days: the public map says 'Needs Verification' (the kit is not removed). */
export function needsVerification(due: CalendarDate | null, now: Date = new Date(), graceDays = DEFAULT_VERIFICATION_GRACE_DAYS): boolean {
  return due !== null && daysOverdue(due, now) > graceDays;
}

/**
 * The verification status the public sees: 'overdue' only once the grace days have passed (the finder then shows
 * 'Needs Verification'); before that an overdue kit reads as due soon.
 */
export function publicVerificationStatus(
  kit: { lastVerifiedAt: string | null },
  due: CalendarDate | null,
  now: Date = new Date(),
  graceDays = DEFAULT_VERIFICATION_GRACE_DAYS,
): VerificationStatus {
  if (needsVerification(due, now, graceDays)) return 'overdue';
  if (!kit.lastVerifiedAt) return 'never_verified';
  return due !== null && (isVerificationOverdue(due, now) || isVerificationDueSoon(due, now)) ? 'due_soon' : 'verified';
}

/**
 * When the public status of a kit next changes (the start of a London day), or null when it never will without a
 * write: so a projection can refresh it without being told.
 */
export function nextPublicStatusChange(
  kit: { lastVerifiedAt: string | null },
  due: CalendarDate | null,
  now: Date = new Date(),
  graceDays = DEFAULT_VERIFICATION_GRACE_DAYS,
): Date | null {
  if (due === null || needsVerification(due, now, graceDays)) return null;
  const candidates = [addCalendarDays(due, graceDays + 1)];
  if (kit.lastVerifiedAt) candidates.push(addCalendarMonths(due, -DUE_SOON_MONTHS));
  const today = londonToday(now);
  const next = candidates.filter((d) => d > today).sort()[0];
  return next ? startOfLondonDay(next) : null;
}

// ---- consumables --------------------------------------------------------------------------------

export const CONSUMABLES = [
  { key: 'tourniquetExpiry', label: 'Tourniquet' },
  { key: 'dressingsExpiry', label: 'Haemostatic dressings' },
] as const;
export type ConsumableKey = (typeof CONSUMABLES)[number]['key'];
export type ConsumableExpiry = { key: ConsumableKey; label: string; expiry: CalendarDate };

/** Consumables recorded at the last check that expire before the next one is due (or have expired). */
export function consumablesExpiringBeforeNextCheck(kit: Partial<Record<ConsumableKey, string | null>>, due: CalendarDate | null): ConsumableExpiry[] {
  const out: ConsumableExpiry[] = [];
  for (const c of CONSUMABLES) {
    const expiry = kit[c.key];
    if (!expiry || !isCalendarDate(expiry)) continue;
    if (due === null || expiry <= due) out.push({ key: c.key, label: c.label, expiry });
  }
  return out;
}

/** "Tourniquet (expires 01/03/2027); Haemostatic dressings (expires ...)": for e-mails and notes. */
export function describeConsumables(items: readonly ConsumableExpiry[]): string {
  return items.map((i) => `${i.label} (expires ${i.expiry.slice(8, 10)}/${i.expiry.slice(5, 7)}/${i.expiry.slice(0, 4)})`).join('; ');
}

// ---- the checklist ------------------------------------------------------------------------------

export const CHECKLIST_ITEMS = [
  { key: 'cabinetAccessible', label: 'Cabinet or location accessible', failure: 'not accessible' },
  { key: 'kitPresent', label: 'Kit present', failure: 'kit missing' },
  { key: 'sealIntact', label: 'Seal intact', failure: 'seal broken' },
] as const;
export type ChecklistItemKey = (typeof CHECKLIST_ITEMS)[number]['key'];

/** The failed items of a check, as the deployment note says them; empty when the kit passed. */
export function failedChecklistItems(check: Record<ChecklistItemKey, boolean>): string[] {
  return CHECKLIST_ITEMS.filter((i) => !check[i.key]).map((i) => i.failure);
}

// ---- reminder idempotency -----------------------------------------------------------------------

export type ReminderKind = 'verification_reminder' | 'verification_overdue';

/** One reminder per kit, due cycle (the due date) and kind, whoever runs it and however often. */
export function reminderIdempotencyKey(kind: ReminderKind, kitId: number, due: CalendarDate): string {
  return `${kind}:kit:${kitId}:due:${due}`;
}

/** One restock e-mail per time a kit became deployed. */
export function restockIdempotencyKey(kitId: number, deployedAt: string): string {
  return `kit_deployed_restock:kit:${kitId}:deployed:${new Date(deployedAt).toISOString()}`;
}

// ---- the dashboard's verification filter and tile (the same rules as the reports) ----------------

/** 'due' is what a reminder run owes a check: overdue or due within 30 days (an overdue digest's "and N more"). */
export const VERIFICATION_FILTERS = ['all', 'overdue', 'due', 'due_30', 'due_soon'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];
export const VERIFICATION_FILTER_LABELS: Readonly<Record<VerificationFilter, string>> = {
  all: 'All Verification',
  overdue: 'Verification Overdue',
  due: 'Overdue or due within 30 days',
  due_30: 'Due within 30 days',
  due_soon: 'Due Soon (3 months)',
};

/** Whether a kit (its next due day) falls in a verification filter bucket. */
export function matchesVerificationFilter(due: CalendarDate | null | undefined, filter: VerificationFilter, now: Date = new Date()): boolean {
  const d = due ? calendarDateOf(due) : null;
  switch (filter) {
    case 'all':
      return true;
    case 'overdue':
      return isVerificationOverdue(d, now);
    case 'due':
      return isVerificationOverdue(d, now) || isVerificationDueWithinWindow(d, now);
    case 'due_30':
      return isVerificationDueWithinWindow(d, now);
    case 'due_soon':
      return isVerificationDueSoon(d, now);
  }
}

export type VerificationLabel = 'Verification Overdue' | 'Verification Due' | null;
/** The dashboard's note beside a kit: overdue, or due within 30 days; nothing otherwise. */
export function verificationLabel(due: CalendarDate | null | undefined, now: Date = new Date()): VerificationLabel {
  const d = due ? calendarDateOf(due) : null;
  if (isVerificationOverdue(d, now)) return 'Verification Overdue';
  if (isVerificationDueWithinWindow(d, now)) return 'Verification Due';
  return null;
}

// ---- the ambulance services' files ----------------------------------------------------------------

export type AmbulanceVerificationState = 'current' | 'overdue' | 'needs_verification';
export const AMBULANCE_VERIFICATION_STATE_LABELS: Readonly<Record<AmbulanceVerificationState, string>> = {
  current: 'Current',
  overdue: 'Overdue',
  needs_verification: 'Needs Verification',
};

/**
 * How a control room should read a kit's checks: overdue by more than the grace days is 'Needs Verification' (as
 * the public map shows it); the kit stays in the files either way.
 */
export function ambulanceVerificationState(
  kit: VerificationFacts,
  now: Date = new Date(),
  graceDays = DEFAULT_VERIFICATION_GRACE_DAYS,
): AmbulanceVerificationState {
  const due = nextVerificationDue(kit);
  if (needsVerification(due, now, graceDays)) return 'needs_verification';
  return isVerificationOverdue(due, now) ? 'overdue' : 'current';
}
