import { consentNeeded, makeConsentRecord, parseConsentRecord } from './cookie-consent-record';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('cookie consent expiry', () => {
  it('needs consent when nothing is stored', () => {
    expect(consentNeeded(null, NOW)).toBe(true);
  });

  it('keeps consent for 365 days and asks again after that', () => {
    const record = (days: number) => makeConsentRecord({ analytics: false, functional: true }, daysBefore(days));
    expect(consentNeeded(record(0), NOW)).toBe(false);
    expect(consentNeeded(record(365), NOW)).toBe(false);
    expect(consentNeeded(record(366), NOW)).toBe(true);
  });

  it('treats a malformed record as no consent', () => {
    expect(parseConsentRecord('not json')).toBeNull();
    expect(parseConsentRecord(JSON.stringify({ accepted: true }))).toBeNull();
    expect(parseConsentRecord(JSON.stringify({ accepted: true, preferences: {}, timestamp: 'yesterday' }))).toBeNull();
  });

  it('always records essential cookies as on', () => {
    const stored = JSON.stringify({
      accepted: true,
      preferences: { essential: false, analytics: true, functional: false },
      timestamp: NOW.getTime(),
    });
    expect(parseConsentRecord(stored)).toEqual({
      accepted: true,
      preferences: { essential: true, analytics: true, functional: false },
      timestamp: NOW.toISOString(),
    });
  });
});
