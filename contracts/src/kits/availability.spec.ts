import {
  allDayAvailability,
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
