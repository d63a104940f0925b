import { TEXT_LIMITS } from '../validation/limits';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_ABBREVIATIONS: Readonly<Record<Weekday, string>> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** The registration form's day shape. */
export type DayHours = { isOpen: boolean; openTime: string; closeTime: string };
/** The admin edit's day shape; readers accept both. */
export type AdminDayHours = { open: boolean; startTime: string; endTime: string };

export type Availability = { is24x7: boolean; isTermTimeOnly: boolean } & Record<Weekday, DayHours>;

export const ALL_DAY: DayHours = { isOpen: true, openTime: '00:00', closeTime: '23:59' };
export const WEEKDAY_DEFAULT: DayHours = { isOpen: true, openTime: '09:00', closeTime: '17:00' };
/** Weekends start closed, with 10:00-16:00 ready for when the custodian opens them. */
export const WEEKEND_DEFAULT: DayHours = { isOpen: false, openTime: '10:00', closeTime: '16:00' };
export const TERM_TIME_SUFFIX = '(Term time only)';

export function defaultAvailability(): Availability {
  return {
    is24x7: false,
    isTermTimeOnly: false,
    monday: { ...WEEKDAY_DEFAULT },
    tuesday: { ...WEEKDAY_DEFAULT },
    wednesday: { ...WEEKDAY_DEFAULT },
    thursday: { ...WEEKDAY_DEFAULT },
    friday: { ...WEEKDAY_DEFAULT },
    saturday: { ...WEEKEND_DEFAULT },
    sunday: { ...WEEKEND_DEFAULT },
  };
}

export function allDayAvailability(isTermTimeOnly = false): Availability {
  return { ...defaultAvailability(), is24x7: true, isTermTimeOnly, ...Object.fromEntries(WEEKDAYS.map((d) => [d, { ...ALL_DAY }])) } as Availability;
}

/** Every 30 minutes from 00:00 to 23:30: the choices of the per-day selectors. */
export const TIME_OPTIONS: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

function readDay(raw: unknown): DayHours | null {
  if (!raw || typeof raw !== 'object') return null;
  const d = raw as Partial<DayHours & AdminDayHours>;
  if (typeof d.isOpen === 'boolean') return { isOpen: d.isOpen, openTime: d.openTime ?? '09:00', closeTime: d.closeTime ?? '17:00' };
  if (typeof d.open === 'boolean') return { isOpen: d.open, openTime: d.startTime ?? '09:00', closeTime: d.endTime ?? '17:00' };
  return null;
}

/** Reads an availability object, or its JSON string, in either day shape; null when it is neither. */
export function parseAvailability(raw: unknown): Availability | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const base = defaultAvailability();
  let sawDay = false;
  for (const day of WEEKDAYS) {
    const parsed = readDay(v[day]);
    if (parsed) {
      base[day] = parsed;
      sawDay = true;
    }
  }
  if (!sawDay && typeof v.is24x7 !== 'boolean') return null;
  return { ...base, is24x7: v.is24x7 === true, isTermTimeOnly: v.isTermTimeOnly === true };
}

/** The admin edit's storage shape. */
export function toAdminShape(a: Availability): Record<string, unknown> {
  return {
    is24x7: a.is24x7,
    isTermTimeOnly: a.isTermTimeOnly,
    ...Object.fromEntries(WEEKDAYS.map((d) => [d, { open: a[d].isOpen, startTime: a[d].openTime, endTime: a[d].closeTime }])),
  };
}

function dayRange(days: Weekday[]): string {
  const first = WEEKDAY_ABBREVIATIONS[days[0]];
  return days.length === 1 ? first : `${first}-${WEEKDAY_ABBREVIATIONS[days[days.length - 1]]}`;
}

/**
 * The legacy openingHours text: '24/7'; consecutive days with the same hours grouped ('Mon-Fri: 09:00-17:00');
 * closed days listed ('Closed: Sat, Sun'); 'Closed all days'; ' (Term time only)' appended. Segments are
 * joined with '; ' so a segment's own commas stay readable.
 */
export function openingHoursText(availability: Availability): string {
  const suffix = availability.isTermTimeOnly ? ` ${TERM_TIME_SUFFIX}` : '';
  const allDay = WEEKDAYS.every((d) => availability[d].isOpen && availability[d].openTime === '00:00' && availability[d].closeTime === '23:59');
  if (availability.is24x7 || allDay) return `24/7${suffix}`;
  const segments: string[] = [];
  let run: Weekday[] = [];
  const flush = () => {
    if (run.length) segments.push(`${dayRange(run)}: ${availability[run[0]].openTime}-${availability[run[0]].closeTime}`);
    run = [];
  };
  for (const day of WEEKDAYS) {
    const h = availability[day];
    const prev = run.length ? availability[run[run.length - 1]] : null;
    if (!h.isOpen) {
      flush();
      continue;
    }
    if (prev && (prev.openTime !== h.openTime || prev.closeTime !== h.closeTime)) flush();
    run.push(day);
  }
  flush();
  const closed = WEEKDAYS.filter((d) => !availability[d].isOpen);
  if (closed.length === WEEKDAYS.length) return `Closed all days${suffix}`;
  if (closed.length) segments.push(`Closed: ${closed.map((d) => WEEKDAY_ABBREVIATIONS[d]).join(', ')}`);
  return segments.join('; ') + suffix;
}

/** Locked cabinets are always available: the schedule is forced to 24/7. */
export const LOCKED_CABINET_NOTICE = 'Locked cabinets are always available 24/7.';

// The form's transitions, shared so the web form and its tests use one definition.
export const availabilityTransitions = {
  /** On: every day open 00:00-23:59. Off: the days are kept and only the flag clears. */
  set24x7(a: Availability, on: boolean): Availability {
    if (!on) return { ...a, is24x7: false };
    return { ...allDayAvailability(a.isTermTimeOnly) };
  },
  setTermTimeOnly(a: Availability, on: boolean): Availability {
    return { ...a, isTermTimeOnly: on };
  },
  toggleDay(a: Availability, day: Weekday): Availability {
    return { ...a, [day]: { ...a[day], isOpen: !a[day].isOpen } };
  },
  setHours(a: Availability, day: Weekday, which: 'openTime' | 'closeTime', time: string): Availability {
    return { ...a, [day]: { ...a[day], [which]: time } };
  },
  /** Quick Apply: Monday's hours to Tuesday-Friday. */
  applyMondayToWeekdays(a: Availability): Availability {
    const m = a.monday;
    return { ...a, tuesday: { ...m }, wednesday: { ...m }, thursday: { ...m }, friday: { ...m } };
  },
  /** Quick Apply: Saturday's hours to Sunday. */
  applySaturdayToSunday(a: Availability): Availability {
    return { ...a, sunday: { ...a.saturday } };
  },
};

/** Enough to correct a schedule; a value made of junk keys does not make a long answer. */
const MAX_PROBLEMS = 10;
/** The keys an availability object may have: the two flags and the seven days. */
const AVAILABILITY_FLAGS = ['is24x7', 'isTermTimeOnly'] as const;
/** A day's keys in either shape (the form's and the admin edit's); a day may not mix in anything else. */
const DAY_FIELDS = { isOpen: 'flag', open: 'flag', openTime: 'time', closeTime: 'time', startTime: 'time', endTime: 'time' } as const;
type DayField = keyof typeof DAY_FIELDS;

/** HH:MM on a 24-hour clock: the selectors' half hours and 23:59, the end of a 24/7 day. */
export const AVAILABILITY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const AvailabilityMessages = {
  notJson: 'Availability must be the opening schedule as JSON (hours written as text belong in opening hours).',
  notObject: 'Availability must be an object of days.',
  unknownKey: (key: string) => `Availability: '${key.slice(0, 40)}' is not a day of the week.`,
  flag: (key: string) => `Availability: ${key} must be true or false.`,
  day: (day: Weekday) => `Availability: ${day} must be an object with isOpen, openTime and closeTime.`,
  dayKey: (day: Weekday, key: string) => `Availability: ${day} has an unknown field '${key.slice(0, 40)}'.`,
  dayOpen: (day: Weekday) => `Availability: ${day} must say whether it is open (isOpen true or false).`,
  dayFlag: (day: Weekday, key: string) => `Availability: ${day} ${key} must be true or false.`,
  dayTime: (day: Weekday, key: string) => `Availability: ${day} ${key} must be a time as HH:MM (00:00 to 23:59).`,
} as const;

function dayProblems(day: Weekday, raw: unknown): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [AvailabilityMessages.day(day)];
  const problems: string[] = [];
  const d = raw as Record<string, unknown>;
  for (const [key, value] of Object.entries(d)) {
    const kind = Object.hasOwn(DAY_FIELDS, key) ? DAY_FIELDS[key as DayField] : null;
    if (!kind) problems.push(AvailabilityMessages.dayKey(day, key));
    else if (kind === 'flag' && typeof value !== 'boolean') problems.push(AvailabilityMessages.dayFlag(day, key));
    else if (kind === 'time' && !(typeof value === 'string' && AVAILABILITY_TIME.test(value))) problems.push(AvailabilityMessages.dayTime(day, key));
  }
  if (d.isOpen === undefined && d.open === undefined) problems.push(AvailabilityMessages.dayOpen(day));
  return problems;
}

/**
 * Every problem of a submitted availability, field by field (an empty list when it is acceptable or absent): a JSON
 * object whose keys are the two flags and the days of the week, each day open or closed with HH:MM times, in
 * either day shape, and nothing else. Registration, edit and import all check with this, so no value that
 * `openingHoursText` could not write, and no text of the owner's choosing, reaches the public listing.
 */
export function availabilityProblems(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let value: unknown = raw;
  // An oversized text is the length rule's to report; it is never parsed.
  if (typeof raw === 'string' && raw.length > TEXT_LIMITS.availabilityJson) return [];
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [AvailabilityMessages.notJson];
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [AvailabilityMessages.notObject];
  const problems: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if ((WEEKDAYS as readonly string[]).includes(key)) problems.push(...dayProblems(key as Weekday, v));
    else if ((AVAILABILITY_FLAGS as readonly string[]).includes(key)) {
      if (typeof v !== 'boolean') problems.push(AvailabilityMessages.flag(key));
    } else problems.push(AvailabilityMessages.unknownKey(key));
  }
  return problems.slice(0, MAX_PROBLEMS);
}
