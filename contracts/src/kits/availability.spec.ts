import { errorMessages, validateAgainst } from '../validation/rules';
import { kitOptionalTextRules } from './registration.rules';
import {
  AvailabilityMessages,
  allDayAvailability,
  availabilityProblems,
  availabilityTransitions as t,
  defaultAvailability,
  openingHoursText,
  parseAvailability,
  toAdminShape,
} from './availability';

describe(openingHoursText.name, () => {
  it("writes every documented case: '24/7', 'Mon-Fri: 09:00-17:00', 'Closed: Sat, Sun', 'Closed all days', term time", () => {
    expect(openingHoursText(allDayAvailability())).toBe('24/7');
    expect(openingHoursText(defaultAvailability())).toBe('Mon-Fri: 09:00-17:00; Closed: Sat, Sun');
    const closed = defaultAvailability();
    for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) closed[d].isOpen = false;
    expect(openingHoursText(closed)).toBe('Closed all days');
    expect(openingHoursText({ ...closed, isTermTimeOnly: true })).toBe('Closed all days (Term time only)');
    expect(openingHoursText({ ...defaultAvailability(), isTermTimeOnly: true })).toBe('Mon-Fri: 09:00-17:00; Closed: Sat, Sun (Term time only)');
    expect(openingHoursText(allDayAvailability(true))).toBe('24/7 (Term time only)');
    const mixed = t.toggleDay(t.setHours(defaultAvailability(), 'friday', 'closeTime', '15:30'), 'saturday');
    expect(openingHoursText(mixed)).toBe('Mon-Thu: 09:00-17:00; Fri: 09:00-15:30; Sat: 10:00-16:00; Closed: Sun');
  });

  it('reads both day shapes, as a JSON string or an object', () => {
    const admin = toAdminShape(defaultAvailability());
    expect(parseAvailability(JSON.stringify(admin))).toEqual(defaultAvailability());
    expect(parseAvailability(defaultAvailability())).toEqual(defaultAvailability());
    expect(parseAvailability('Mon-Fri 9-5')).toBeNull();
  });
});

describe('availability transitions', () => {
  it('24/7 on opens every day 00:00-23:59; off keeps the days and clears the flag', () => {
    const on = t.set24x7(defaultAvailability(), true);
    expect(on.is24x7).toBe(true);
    expect(on.sunday).toEqual({ isOpen: true, openTime: '00:00', closeTime: '23:59' });
    const off = t.set24x7(on, false);
    expect(off.is24x7).toBe(false);
    expect(off.sunday).toEqual(on.sunday);
  });

  it('Quick Apply copies Monday to Tuesday-Friday and Saturday to Sunday', () => {
    const a = t.setHours(t.setHours(defaultAvailability(), 'monday', 'openTime', '08:00'), 'saturday', 'closeTime', '12:00');
    const weekdays = t.applyMondayToWeekdays(a);
    expect(weekdays.friday).toEqual(weekdays.monday);
    const weekend = t.applySaturdayToSunday(t.toggleDay(a, 'saturday'));
    expect(weekend.sunday).toEqual({ isOpen: true, openTime: '10:00', closeTime: '12:00' });
  });
});

describe(availabilityProblems.name, () => {
  const json = (v: unknown) => JSON.stringify(v);

  it('accepts both day shapes, the flags, any HH:MM, and an absent value', () => {
    expect(availabilityProblems(json(defaultAvailability()))).toEqual([]);
    expect(availabilityProblems(json(toAdminShape(allDayAvailability(true))))).toEqual([]);
    expect(availabilityProblems(json({ monday: { isOpen: true, openTime: '07:15', closeTime: '23:59' } }))).toEqual([]);
    expect(availabilityProblems(undefined)).toEqual([]);
    expect(availabilityProblems(null)).toEqual([]);
    expect(availabilityProblems('')).toEqual([]);
  });

  it('names the day and field of object times, text times and wrong-typed flags', () => {
    expect(availabilityProblems(json({ monday: { open: true, startTime: { toString: 1 } } }))).toEqual([
      AvailabilityMessages.dayTime('monday', 'startTime'),
    ]);
    expect(availabilityProblems(json({ friday: { isOpen: true, openTime: 'SCAM call 09090 000000', closeTime: '17:00' } }))).toEqual([
      'Availability: friday openTime must be a time as HH:MM (00:00 to 23:59).',
    ]);
    expect(availabilityProblems(json({ sunday: { isOpen: 'yes', openTime: '24:00', closeTime: '9:00' } }))).toEqual([
      AvailabilityMessages.dayFlag('sunday', 'isOpen'),
      AvailabilityMessages.dayTime('sunday', 'openTime'),
      AvailabilityMessages.dayTime('sunday', 'closeTime'),
    ]);
    expect(availabilityProblems(json({ is24x7: 'true' }))).toEqual([AvailabilityMessages.flag('is24x7')]);
    expect(availabilityProblems(json({ tuesday: { openTime: '09:00' } }))).toEqual([AvailabilityMessages.dayOpen('tuesday')]);
  });

  it('refuses unknown days, unknown day fields, nested junk, arrays and text that is not JSON', () => {
    expect(availabilityProblems(json({ funday: { isOpen: true } }))).toEqual([AvailabilityMessages.unknownKey('funday')]);
    expect(availabilityProblems(json({ monday: { isOpen: true, note: 'call me' } }))).toEqual([AvailabilityMessages.dayKey('monday', 'note')]);
    expect(availabilityProblems(json({ monday: { isOpen: true, openTime: { a: { b: [1, 2, { c: 3 }] } } } }))).toEqual([
      AvailabilityMessages.dayTime('monday', 'openTime'),
    ]);
    expect(availabilityProblems(json({ monday: [true, '09:00'] }))).toEqual([AvailabilityMessages.day('monday')]);
    expect(availabilityProblems(json([1, 2]))).toEqual([AvailabilityMessages.notObject]);
    expect(availabilityProblems('"monday"')).toEqual([AvailabilityMessages.notObject]);
    expect(availabilityProblems('Mon-Fri 9-5')).toEqual([AvailabilityMessages.notJson]);
  });

  it('reports at most ten problems, and leaves an oversized text to the length rule unparsed', () => {
    const junk = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(availabilityProblems(json(junk))).toHaveLength(10);
    expect(availabilityProblems('{'.repeat(6000))).toEqual([]);
  });

  it("is the registration rule's check: the first problem is the field's message", () => {
    const bad = json({ wednesday: { isOpen: true, openTime: '09:00', closeTime: { toString: 1 } } });
    expect(errorMessages(validateAgainst(kitOptionalTextRules, { availability: bad }))).toEqual([
      AvailabilityMessages.dayTime('wednesday', 'closeTime'),
    ]);
    expect(errorMessages(validateAgainst(kitOptionalTextRules, { availability: '{'.repeat(6000) }))).toEqual([
      'Availability must be at most 5000 characters',
    ]);
    expect(errorMessages(validateAgainst(kitOptionalTextRules, { availability: json(defaultAvailability()) }))).toEqual([]);
  });
});
