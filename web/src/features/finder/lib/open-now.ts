import { parseAvailability, TERM_TIME_SUFFIX, WEEKDAYS, type Availability, type DayHours, type FinderKit, type Weekday } from '@bleedkits/contracts';
import { normaliseLocationType } from './pins';

/**
 * "Is it open now?" for a kit, in Europe/London time, from its structured availability. The public listing carries
 * the schedule as the opening-hours text the kits service writes from it (contracts: openingHoursText, e.g.
 * 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun (Term time only)'), so that text is read back into the schedule here; a
 * JSON availability (an older answer) is read as it is. Text that is not in that form (typed by hand, imported)
 * gives no verdict rather than a guess.
 */

export type OpenState =
  | { kind: 'always' }
  | { kind: 'open' }
  | { kind: 'opens-later'; at: string }
  | { kind: 'closed-today' }
  | { kind: 'term-time' }
  | { kind: 'unknown' };

export const OPEN_NOW_LABELS = {
  always: '24/7',
  open: 'Open now',
  closedToday: 'Closed today',
  termTime: 'Term time only',
  opensAt: (time: string) => `Opens at ${time}`,
} as const;

const MINUTES_PER_DAY = 24 * 60;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_ABBREVIATIONS: Readonly<Record<string, Weekday>> = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};

function minutesOf(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function closedWeek(): Record<Weekday, DayHours> {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, { isOpen: false, openTime: '00:00', closeTime: '00:00' }])) as Record<Weekday, DayHours>;
}

function daysOf(range: string): Weekday[] | null {
  const [first, last] = range.split('-').map((d) => DAY_ABBREVIATIONS[d.trim().toLowerCase()]);
  if (!first) return null;
  if (!last) return range.includes('-') ? null : [first];
  const from = WEEKDAYS.indexOf(first);
  const to = WEEKDAYS.indexOf(last);
  return to >= from ? WEEKDAYS.slice(from, to + 1) : null;
}

/**
 * The inverse of openingHoursText: '24/7', 'Closed all days', or segments 'Mon-Fri: 09:00-17:00' and
 * 'Closed: Sat, Sun' joined by '; ', with an optional '(Term time only)'. Days it does not name are closed.
 * Null when the text is anything else.
 */
export function parseOpeningHoursText(raw: string | null | undefined): Availability | null {
  let text = raw?.trim() ?? '';
  if (!text) return null;
  const isTermTimeOnly = text.endsWith(TERM_TIME_SUFFIX);
  if (isTermTimeOnly) text = text.slice(0, -TERM_TIME_SUFFIX.length).trim();
  const week = closedWeek();
  if (text === '24/7') {
    for (const d of WEEKDAYS) week[d] = { isOpen: true, openTime: '00:00', closeTime: '23:59' };
    return { is24x7: true, isTermTimeOnly, ...week };
  }
  if (text === 'Closed all days') return { is24x7: false, isTermTimeOnly, ...week };
  for (const segment of text.split(';').map((s) => s.trim())) {
    const closed = /^Closed:\s*(.+)$/i.exec(segment);
    if (closed) {
      for (const name of closed[1].split(',')) if (!daysOf(name)) return null;
      continue;
    }
    const open = /^([A-Za-z]{3}(?:-[A-Za-z]{3})?):\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(segment);
    const days = open ? daysOf(open[1]) : null;
    if (!open || !days || minutesOf(open[2]) === null || minutesOf(open[3]) === null) return null;
    for (const d of days) week[d] = { isOpen: true, openTime: open[2], closeTime: open[3] };
  }
  return { is24x7: false, isTermTimeOnly, ...week };
}

/** The kit's weekly schedule: a JSON availability as it is, else its opening-hours text (or a plain-text availability) read back. */
export function kitSchedule(kit: Pick<FinderKit, 'availability' | 'openingHours'>): Availability | null {
  const json = kit.availability?.trim().startsWith('{') ? parseAvailability(kit.availability) : null;
  return json ?? parseOpeningHoursText(kit.openingHours) ?? parseOpeningHoursText(kit.availability);
}

const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day and minute of the day on a clock in London (GMT or BST, whichever is in force at that instant). */
export function londonTime(now: Date): { day: Weekday; minutes: number } {
  const parts = londonClock.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase() as Weekday;
  return { day, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** A day's opening as minutes: [open, close), close after midnight (overnight) counted past 1440; '23:59' means the end of the day. */
function span(hours: DayHours): [number, number] | null {
  if (!hours.isOpen) return null;
  const open = minutesOf(hours.openTime);
  let close = minutesOf(hours.closeTime);
  if (open === null || close === null) return null;
  if (close === MINUTES_PER_DAY - 1) close = MINUTES_PER_DAY;
  if (close <= open) close += MINUTES_PER_DAY;
  return [open, close];
}

/** The state of a schedule at one instant. Term-time-only schedules say so: we do not know the school's terms. */
export function scheduleState(schedule: Availability, now: Date): OpenState {
  if (schedule.isTermTimeOnly) return { kind: 'term-time' };
  if (schedule.is24x7) return { kind: 'always' };
  const spans = WEEKDAYS.map((d) => span(schedule[d]));
  if (spans.every((s) => s && s[0] === 0 && s[1] >= MINUTES_PER_DAY)) return { kind: 'always' };
  const { day, minutes } = londonTime(now);
  const today = WEEKDAYS.indexOf(day);
  const yesterday = spans[(today + 6) % 7];
  const current = spans[today];
  // Last night's hours that run past midnight, then today's.
  if (yesterday && minutes < yesterday[1] - MINUTES_PER_DAY) return { kind: 'open' };
  if (current && minutes >= current[0] && minutes < current[1]) return { kind: 'open' };
  if (current && minutes < current[0]) return { kind: 'opens-later', at: schedule[day].openTime };
  return { kind: 'closed-today' };
}

/** A kit's state now. Locked cabinets are always open (their schedule is forced to 24/7 when registered). */
export function openState(kit: Pick<FinderKit, 'locationType' | 'availability' | 'openingHours'>, now: Date): OpenState {
  if (normaliseLocationType(kit.locationType) === 'locked_cabinet') return { kind: 'always' };
  const schedule = kitSchedule(kit);
  return schedule ? scheduleState(schedule, now) : { kind: 'unknown' };
}

export function openStateLabel(state: OpenState): string | null {
  switch (state.kind) {
    case 'always':
      return OPEN_NOW_LABELS.always;
    case 'open':
      return OPEN_NOW_LABELS.open;
    case 'opens-later':
      return OPEN_NOW_LABELS.opensAt(state.at);
    case 'closed-today':
      return OPEN_NOW_LABELS.closedToday;
    case 'term-time':
      return OPEN_NOW_LABELS.termTime;
    case 'unknown':
      return null;
  }
}

/** What the 'Open now only' filter keeps: kits we know to be open at this moment. */
export function isOpenNow(state: OpenState): boolean {
  return state.kind === 'always' || state.kind === 'open';
}
