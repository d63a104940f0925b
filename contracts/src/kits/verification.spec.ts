import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  addCalendarMonths,
  calendarDateOf,
  consumablesExpiringBeforeNextCheck,
  daysOverdue,
  dueAfterCheck,
  failedChecklistItems,
  isInVerificationDueReport,
  isVerificationDueSoon,
  isVerificationDueWithinWindow,
  isVerificationOverdue,
  needsVerification,
  nextPublicStatusChange,
  nextVerificationDue,
  publicVerificationStatus,
  reminderIdempotencyKey,
  startOfLondonDay,
  verificationStatus,
  matchesVerificationFilter,
  ambulanceVerificationState,
  verificationLabel,
} from './verification';
import { type ApprovedKitRow, approvedKitsCsv } from '../ambulance-feed/approved-download';

const aRow: ApprovedKitRow = {
  id: 7,
  serialNumber: 'SN-7',
  locationName: 'Hall',
  locationType: 'unlocked_cabinet',
  addressLine1: '1 Road',
  addressLine2: null,
  city: 'York',
  postcode: 'YO1 1AA',
  what3words: null,
  latitude: 53.9,
  longitude: -1.08,
  detailedLocation: null,
  openingHours: '24/7',
  deploymentStatus: 'available',
  lastVerifiedAt: null,
  cabinetCode: null,
  ambulanceService: 'yorkshire',
  publicDisplay: true,
  approvedAt: null,
};

/** Noon in London on a calendar day (BST or GMT alike). */
const on = (day: string) => new Date(startOfLondonDay(day).getTime() + 12 * 3_600_000);

describe('verification rules', () => {
  describe('calendar months (clamped)', () => {
    it('31 August + 6 months is the last day of February, 29th in a leap year', () => {
      expect(addCalendarMonths('2025-08-31', 6)).toBe('2026-02-28');
      expect(addCalendarMonths('2027-08-31', 6)).toBe('2028-02-29');
      expect(nextVerificationDue({ lastVerifiedAt: '2025-08-31T09:00:00Z', createdAt: '2025-01-01T00:00:00Z' })).toBe('2026-02-28');
    });

    it('29 February + 3 years is 28 February; + 6 months keeps the 29th', () => {
      expect(addCalendarMonths('2028-02-29', 36)).toBe('2031-02-28');
      expect(dueAfterCheck(on('2028-02-29'))).toBe('2028-08-29');
    });

    it('reads days in London: 23:30 UTC on 31 March 2026 is 1 April (BST)', () => {
      expect(calendarDateOf('2026-03-31T23:30:00Z')).toBe('2026-04-01');
      expect(calendarDateOf('2026-01-31T23:30:00Z')).toBe('2026-01-31');
      expect(dueAfterCheck(new Date('2026-03-31T23:30:00Z'))).toBe('2026-10-01');
    });

    it('finds the start of a London day in summer and winter', () => {
      expect(startOfLondonDay('2026-07-15').toISOString()).toBe('2026-07-14T23:00:00.000Z');
      expect(startOfLondonDay('2026-12-15').toISOString()).toBe('2026-12-15T00:00:00.000Z');
    });
  });

  describe('overdue at exactly 6 months', () => {
    const kit = { lastVerifiedAt: '2026-01-15T10:00:00Z', createdAt: '2025-06-01T00:00:00Z' };
    const due = nextVerificationDue(kit);

    it('is due on the day 6 months on and overdue from the next day', () => {
      expect(due).toBe('2026-07-15');
      expect(isVerificationOverdue(due, on('2026-07-15'))).toBe(false);
      expect(isVerificationOverdue(due, new Date('2026-07-15T22:59:59Z'))).toBe(false);
      expect(isVerificationOverdue(due, new Date('2026-07-15T23:00:00Z'))).toBe(true); // 00:00 BST on the 16th
      expect(verificationStatus(kit, on('2026-07-15'))).toBe('due_soon');
      expect(verificationStatus(kit, on('2026-07-16'))).toBe('overdue');
      expect(daysOverdue(due, on('2026-07-16'))).toBe(1);
      expect(daysOverdue(due, on('2026-07-10'))).toBe(0);
    });
  });

  describe('due soon at 3 months', () => {
    const due = '2026-07-15';
    it('is due soon from the day the due date is 3 months away', () => {
      expect(isVerificationDueSoon(due, on('2026-04-14'))).toBe(false);
      expect(isVerificationDueSoon(due, on('2026-04-15'))).toBe(true);
      expect(isVerificationDueSoon(due, on('2026-07-15'))).toBe(true);
      expect(isVerificationDueSoon(due, on('2026-07-16'))).toBe(false); // overdue instead
      expect(verificationStatus({ lastVerifiedAt: '2026-01-15T10:00:00Z', createdAt: '2025-01-01' }, on('2026-04-14'))).toBe('verified');
    });
  });

  describe('the 30-day window', () => {
    const due = '2026-07-15';
    it('takes kits due within 30 days into reminders, and overdue or undated ones into the report', () => {
      expect(isVerificationDueWithinWindow(due, on('2026-06-14'))).toBe(false);
      expect(isVerificationDueWithinWindow(due, on('2026-06-15'))).toBe(true);
      expect(isVerificationDueWithinWindow(due, on('2026-07-16'))).toBe(false);
      expect(isInVerificationDueReport(due, on('2026-06-14'))).toBe(false);
      expect(isInVerificationDueReport(due, on('2026-06-15'))).toBe(true);
      expect(isInVerificationDueReport(due, on('2026-09-01'))).toBe(true);
      expect(isInVerificationDueReport(null, on('2026-06-01'))).toBe(true);
    });
  });

  describe('never verified', () => {
    const kit = { lastVerifiedAt: null, createdAt: '2026-01-10T08:00:00Z' };
    it('counts 6 months from registration', () => {
      expect(nextVerificationDue(kit)).toBe('2026-07-10');
      expect(verificationStatus(kit, on('2026-07-10'))).toBe('never_verified');
      expect(verificationStatus(kit, on('2026-07-11'))).toBe('overdue');
    });
  });

  it('takes a due date set by the bulk update until the next check', () => {
    const kit = { lastVerifiedAt: '2026-01-15T10:00:00Z', createdAt: '2025-01-01', nextVerificationDue: '2025-12-31' };
    expect(nextVerificationDue(kit)).toBe('2025-12-31');
    expect(verificationStatus(kit, on('2026-01-01'))).toBe('overdue');
  });

  describe('the public map after the grace days', () => {
    const kit = { lastVerifiedAt: '2026-01-15T10:00:00Z' };
    const due = '2026-07-15';
    it("says overdue ('Needs Verification') only when overdue by more than the grace days", () => {
      expect(needsVerification(due, on('2026-08-14'), 30)).toBe(false);
      expect(needsVerification(due, on('2026-08-15'), 30)).toBe(true);
      expect(publicVerificationStatus(kit, due, on('2026-07-20'), 30)).toBe('due_soon');
      expect(publicVerificationStatus(kit, due, on('2026-08-15'), 30)).toBe('overdue');
      expect(publicVerificationStatus(kit, due, on('2026-03-01'), 30)).toBe('verified');
      expect(publicVerificationStatus({ lastVerifiedAt: null }, due, on('2026-03-01'), 30)).toBe('never_verified');
    });

    it('tells when the public status changes next', () => {
      expect(nextPublicStatusChange(kit, due, on('2026-03-01'), 30)).toEqual(startOfLondonDay('2026-04-15'));
      expect(nextPublicStatusChange(kit, due, on('2026-05-01'), 30)).toEqual(startOfLondonDay('2026-08-15'));
      expect(nextPublicStatusChange(kit, due, on('2026-08-15'), 30)).toBeNull();
      expect(nextPublicStatusChange({ lastVerifiedAt: null }, due, on('2026-03-01'), 30)).toEqual(startOfLondonDay('2026-08-15'));
    });
  });

  it('flags consumables expiring before the next check', () => {
    const due = '2026-07-15';
    expect(consumablesExpiringBeforeNextCheck({ tourniquetExpiry: '2026-07-15', dressingsExpiry: '2026-07-16' }, due).map((c) => c.label)).toEqual([
      'Tourniquet',
    ]);
    expect(consumablesExpiringBeforeNextCheck({ tourniquetExpiry: null, dressingsExpiry: 'garbage' }, due)).toEqual([]);
  });

  it('names the failed checklist items', () => {
    expect(failedChecklistItems({ cabinetAccessible: true, kitPresent: false, sealIntact: false })).toEqual(['kit missing', 'seal broken']);
    expect(failedChecklistItems({ cabinetAccessible: true, kitPresent: true, sealIntact: true })).toEqual([]);
  });

  it('keys a reminder by kind, kit and due cycle', () => {
    expect(reminderIdempotencyKey('verification_overdue', 42, '2027-03-01')).toBe('verification_overdue:kit:42:due:2027-03-01');
  });
});

describe('the dashboard verification filter', () => {
  it('buckets a due day as the reports do', () => {
    const now = on('2026-06-20');
    expect(matchesVerificationFilter('2026-06-19', 'overdue', now)).toBe(true);
    expect(matchesVerificationFilter('2026-07-20', 'due_30', now)).toBe(true);
    expect(matchesVerificationFilter('2026-06-19', 'due', now)).toBe(true);
    expect(matchesVerificationFilter('2026-07-20', 'due', now)).toBe(true);
    expect(matchesVerificationFilter('2026-07-21', 'due', now)).toBe(false);
    expect(matchesVerificationFilter(null, 'due', now)).toBe(false);
    expect(matchesVerificationFilter('2026-07-21', 'due_30', now)).toBe(false);
    expect(matchesVerificationFilter('2026-09-20', 'due_soon', now)).toBe(true);
    expect(matchesVerificationFilter(null, 'all', now)).toBe(true);
    expect(verificationLabel('2026-06-19', now)).toBe('Verification Overdue');
    expect(verificationLabel('2026-07-01', now)).toBe('Verification Due');
    expect(verificationLabel('2026-12-01', now)).toBeNull();
  });
});

describe('the ambulance files’ verification state', () => {
  const kit = { lastVerifiedAt: '2026-01-15T10:00:00Z', createdAt: '2025-01-01T00:00:00Z' }; // due 2026-07-15
  it('reads Current, Overdue, then Needs Verification after the grace days', () => {
    expect(ambulanceVerificationState(kit, on('2026-07-15'), 30)).toBe('current');
    expect(ambulanceVerificationState(kit, on('2026-07-16'), 30)).toBe('overdue');
    expect(ambulanceVerificationState(kit, on('2026-08-15'), 30)).toBe('needs_verification');
    const [header, row] = approvedKitsCsv([{ service: 'yorkshire', kit: { ...aRow, verificationState: 'needs_verification' } }])
      .trim()
      .split('\r\n');
    const columns = header.split(',');
    expect(row.split(',')[columns.indexOf('Verification State')]).toBe('Needs Verification');
  });
});

describe('London calendar days, remembered per hour', () => {
  it('gives date-fns’s own answer at every half hour of a year, across both clock changes', () => {
    const london = tz('Europe/London');
    const wrong: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
      const at = new Date(t);
      if (calendarDateOf(at) !== format(at, 'yyyy-MM-dd', { in: london })) wrong.push(at.toISOString());
    }
    expect(wrong).toEqual([]);
    // The edges themselves: midnight in summer is 23:00 UTC the day before; the clocks change at 01:00 UTC.
    expect(calendarDateOf('2026-06-30T22:59:59.999Z')).toBe('2026-06-30');
    expect(calendarDateOf('2026-06-30T23:00:00.000Z')).toBe('2026-07-01');
    expect(calendarDateOf('2026-10-24T23:30:00.000Z')).toBe('2026-10-25');
    expect(calendarDateOf('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
    expect(() => calendarDateOf('not a date')).toThrow(RangeError);
  });
});
