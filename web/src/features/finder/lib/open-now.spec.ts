import { allDayAvailability, defaultAvailability, openingHoursText, WEEKDAYS, type Availability } from '@bleedkits/contracts';
import { isOpenNow, kitSchedule, londonTime, openState, openStateLabel, parseOpeningHoursText } from './open-now';

type KitHours = { locationType?: string | null; openingHours?: string | null; availability?: string | null };
const kit = ({ locationType = 'building_limited', openingHours = null, availability = null }: KitHours) => ({
  locationType,
  openingHours,
  availability,
});
const label = (k: KitHours, iso: string) => openStateLabel(openState(kit(k), new Date(iso)));

const OFFICE = 'Mon-Fri: 09:00-17:00; Closed: Sat, Sun';

describe('londonTime', () => {
  it('reads the day and minute on a London clock, GMT in winter and BST in summer', () => {
    expect(londonTime(new Date('2026-01-05T00:00:00Z'))).toEqual({ day: 'monday', minutes: 0 });
    expect(londonTime(new Date('2026-07-06T08:30:00Z'))).toEqual({ day: 'monday', minutes: 9 * 60 + 30 });
    // 23:30 UTC on a summer Sunday is already Monday in London.
    expect(londonTime(new Date('2026-07-05T23:30:00Z'))).toEqual({ day: 'monday', minutes: 30 });
  });
});

describe('open now', () => {
  it('office hours: opens at, open now, closed today', () => {
    expect(label({ openingHours: OFFICE }, '2026-01-05T08:59:00Z')).toBe('Opens at 09:00');
    expect(label({ openingHours: OFFICE }, '2026-01-05T09:00:00Z')).toBe('Open now');
    expect(label({ openingHours: OFFICE }, '2026-01-05T16:59:00Z')).toBe('Open now');
    // Closing time is the first minute it is shut, and nothing opens again that day.
    expect(label({ openingHours: OFFICE }, '2026-01-05T17:00:00Z')).toBe('Closed today');
  });

  it('around midnight: a day that ends at 00:00 or 23:59, and the first minute of the next day', () => {
    const lateMonday = 'Mon: 09:00-00:00; Closed: Tue, Wed, Thu, Fri, Sat, Sun';
    expect(label({ openingHours: lateMonday }, '2026-01-05T23:59:00Z')).toBe('Open now');
    expect(label({ openingHours: lateMonday }, '2026-01-06T00:00:00Z')).toBe('Closed today');
    const longDays = 'Mon-Sun: 06:00-23:59';
    expect(label({ openingHours: longDays }, '2026-01-05T23:59:30Z')).toBe('Open now');
    expect(label({ openingHours: longDays }, '2026-01-06T00:00:00Z')).toBe('Opens at 06:00');
    expect(label({ openingHours: '24/7' }, '2026-01-06T00:00:00Z')).toBe('24/7');
    // Every day 00:00-23:59 is the same as 24/7.
    expect(label({ availability: JSON.stringify({ ...allDayAvailability(), is24x7: false }) }, '2026-01-06T00:00:00Z')).toBe('24/7');
  });

  it('overnight hours run past midnight into the next day', () => {
    const friNight = 'Fri: 22:00-06:00; Closed: Mon, Tue, Wed, Thu, Sat, Sun';
    expect(label({ openingHours: friNight }, '2026-01-09T21:00:00Z')).toBe('Opens at 22:00');
    expect(label({ openingHours: friNight }, '2026-01-09T23:00:00Z')).toBe('Open now');
    // Saturday is closed, but Friday night's hours still hold until 06:00.
    expect(label({ openingHours: friNight }, '2026-01-10T05:59:00Z')).toBe('Open now');
    expect(label({ openingHours: friNight }, '2026-01-10T06:00:00Z')).toBe('Closed today');
  });

  it('Sunday: closed all day, or its own hours, and Saturday night running into it', () => {
    expect(label({ openingHours: OFFICE }, '2026-01-11T12:00:00Z')).toBe('Closed today');
    const weekend = 'Closed: Mon, Tue, Wed, Thu, Fri; Sat: 20:00-02:00; Sun: 10:00-16:00';
    expect(label({ openingHours: weekend }, '2026-01-11T01:30:00Z')).toBe('Open now');
    expect(label({ openingHours: weekend }, '2026-01-11T02:00:00Z')).toBe('Opens at 10:00');
    expect(label({ openingHours: weekend }, '2026-01-11T10:00:00Z')).toBe('Open now');
    expect(label({ openingHours: weekend }, '2026-01-11T16:00:00Z')).toBe('Closed today');
  });

  it('the week the clocks go forward (Sunday 29 March 2026, 01:00 GMT becomes 02:00 BST)', () => {
    const sat = 'Mon-Fri: 09:00-17:00; Sat: 22:00-02:00; Closed: Sun';
    // Saturday 08:30 GMT: Saturday's hours start in the evening.
    expect(label({ openingHours: sat }, '2026-03-28T08:30:00Z')).toBe('Opens at 22:00');
    expect(label({ openingHours: 'Mon-Sat: 09:00-17:00; Closed: Sun' }, '2026-03-28T08:30:00Z')).toBe('Opens at 09:00');
    // 00:30 GMT on Sunday is inside Saturday night's hours; one hour later the clock reads 02:30 BST: closed.
    expect(label({ openingHours: sat }, '2026-03-29T00:30:00Z')).toBe('Open now');
    expect(label({ openingHours: sat }, '2026-03-29T01:30:00Z')).toBe('Closed today');
    // Monday 08:30 UTC is 09:30 BST: open (a UTC clock would say it opens at 09:00); 16:30 UTC is 17:30 BST: closed.
    expect(label({ openingHours: sat }, '2026-03-30T08:30:00Z')).toBe('Open now');
    expect(label({ openingHours: sat }, '2026-03-30T16:30:00Z')).toBe('Closed today');
  });

  it('the week the clocks go back (Sunday 25 October 2026, 02:00 BST becomes 01:00 GMT)', () => {
    const sat = 'Mon-Fri: 09:00-17:00; Sat: 22:00-02:00; Closed: Sun';
    // 01:30 BST, then 01:30 GMT an hour later: both inside Saturday night's hours; 02:30 GMT is not.
    expect(label({ openingHours: sat }, '2026-10-25T00:30:00Z')).toBe('Open now');
    expect(label({ openingHours: sat }, '2026-10-25T01:30:00Z')).toBe('Open now');
    expect(label({ openingHours: sat }, '2026-10-25T02:30:00Z')).toBe('Closed today');
    // Friday 16:30 UTC is 17:30 BST (closed); Monday 08:30 UTC is 08:30 GMT (not open yet).
    expect(label({ openingHours: sat }, '2026-10-23T16:30:00Z')).toBe('Closed today');
    expect(label({ openingHours: sat }, '2026-10-26T08:30:00Z')).toBe('Opens at 09:00');
    expect(label({ openingHours: sat }, '2026-10-26T16:30:00Z')).toBe('Open now');
  });

  it('locked cabinets are always open, whatever their text says', () => {
    expect(label({ locationType: 'locked_cabinet', openingHours: OFFICE }, '2026-01-11T03:00:00Z')).toBe('24/7');
    expect(label({ locationType: 'Locked Cabinet', openingHours: null }, '2026-01-11T03:00:00Z')).toBe('24/7');
    expect(isOpenNow(openState(kit({ locationType: 'locked_cabinet' }), new Date()))).toBe(true);
  });

  it('term-time-only kits say so instead of guessing whether school is in', () => {
    const termTime = `${OFFICE} (Term time only)`;
    expect(label({ openingHours: termTime }, '2026-01-05T10:00:00Z')).toBe('Term time only');
    expect(label({ openingHours: '24/7 (Term time only)' }, '2026-01-05T10:00:00Z')).toBe('Term time only');
    expect(isOpenNow(openState(kit({ openingHours: termTime }), new Date('2026-01-05T10:00:00Z')))).toBe(false);
  });

  it('gives no verdict for hours it cannot read', () => {
    for (const text of ['Ask at reception', 'Mon-Fri 9-5', 'Fri-Mon: 09:00-17:00', 'Mon: 25:00-26:00', '', null]) {
      expect({ text, state: openState(kit({ openingHours: text }), new Date('2026-01-05T10:00:00Z')) }).toEqual({ text, state: { kind: 'unknown' } });
    }
    expect(label({ openingHours: 'Ask at reception' }, '2026-01-05T10:00:00Z')).toBeNull();
  });

  it('reads a JSON availability in either day shape, and a plain-text availability when there are no hours', () => {
    const adminShape = JSON.stringify({ is24x7: false, isTermTimeOnly: false, monday: { open: true, startTime: '08:00', endTime: '12:00' } });
    expect(label({ availability: adminShape }, '2026-01-05T09:00:00Z')).toBe('Open now');
    expect(label({ availability: '24/7' }, '2026-01-05T09:00:00Z')).toBe('24/7');
  });

  it('the filter keeps only kits known to be open', () => {
    const at = new Date('2026-01-05T10:00:00Z');
    const states = [OFFICE, '24/7', 'Closed all days', 'Sat: 09:00-12:00; Closed: Mon, Tue, Wed, Thu, Fri, Sun', 'Ask'].map((h) =>
      openState(kit({ openingHours: h }), at),
    );
    expect(states.map(isOpenNow)).toEqual([true, true, false, false, false]);
  });
});

describe('parseOpeningHoursText', () => {
  const week = (a: Availability) => WEEKDAYS.map((d) => (a[d].isOpen ? `${d} ${a[d].openTime}-${a[d].closeTime}` : `${d} closed`));

  it('reads back exactly what openingHoursText writes', () => {
    const mixed = defaultAvailability();
    mixed.wednesday = { isOpen: true, openTime: '10:30', closeTime: '15:00' };
    mixed.saturday = { isOpen: true, openTime: '22:00', closeTime: '02:00' };
    const closed = {
      ...defaultAvailability(),
      ...Object.fromEntries(WEEKDAYS.map((d) => [d, { isOpen: false, openTime: '09:00', closeTime: '17:00' }])),
    } as Availability;
    for (const a of [defaultAvailability(), mixed, closed, { ...mixed, isTermTimeOnly: true }]) {
      const text = openingHoursText(a);
      const back = parseOpeningHoursText(text);
      expect({ text, week: back && week(back), termTime: back?.isTermTimeOnly }).toEqual({ text, week: week(a), termTime: a.isTermTimeOnly });
    }
    expect(parseOpeningHoursText(openingHoursText(allDayAvailability()))?.is24x7).toBe(true);
  });

  it('prefers a JSON availability to the text', () => {
    const json = JSON.stringify(allDayAvailability());
    expect(kitSchedule({ availability: json, openingHours: OFFICE })?.is24x7).toBe(true);
  });
});
