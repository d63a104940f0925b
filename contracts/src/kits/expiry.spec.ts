import { defaultKitDates, expiryBucket, expiryLabel, formatDateGb } from './expiry';

const now = new Date('2026-11-21T10:00:00Z');

describe(expiryBucket.name, () => {
  it('buckets expired, 30 days, 180 days and beyond', () => {
    expect(expiryBucket('2026-11-20', now)).toBe('expired');
    expect(expiryBucket('2026-11-21', now)).toBe('expiring_soon');
    expect(expiryBucket('2026-12-21', now)).toBe('expiring_soon');
    expect(expiryBucket('2026-12-22', now)).toBe('expiring_6months');
    expect(expiryBucket('2027-05-20', now)).toBe('expiring_6months');
    expect(expiryBucket('2027-05-21', now)).toBe('valid');
    expect(expiryBucket('not a date', now)).toBeNull();
  });

  it("labels 'Expiring Soon' within 3 months", () => {
    expect(expiryLabel('2027-02-19', now)).toBe('Expiring Soon');
    expect(expiryLabel('2027-02-20', now)).toBe('Valid');
    expect(expiryLabel('2026-01-01', now)).toBe('Expired');
  });

  it('defaults purchase to today and expiry to three years on, and formats en-GB', () => {
    expect(defaultKitDates(now)).toEqual({ purchaseDate: '2026-11-21', expiryDate: '2029-11-21' });
    expect(formatDateGb('2029-11-21')).toBe('21/11/2029');
  });
});
