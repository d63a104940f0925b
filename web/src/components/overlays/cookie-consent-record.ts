import { SITE } from '@/config/site';

/** The localStorage key and record shape the spec names. Pure, so expiry is testable without a browser clock. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

export type CookiePreferences = { essential: true; analytics: boolean; functional: boolean };
export type CookieConsentRecord = { accepted: boolean; preferences: CookiePreferences; timestamp: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export const ALL_COOKIES: CookiePreferences = { essential: true, analytics: true, functional: true };
export const ESSENTIAL_ONLY: CookiePreferences = { essential: true, analytics: false, functional: false };

export function makeConsentRecord(preferences: Omit<CookiePreferences, 'essential'>, now: Date): CookieConsentRecord {
  return {
    accepted: true,
    // Essential cookies cannot be refused: the session depends on them.
    preferences: { essential: true, analytics: preferences.analytics, functional: preferences.functional },
    timestamp: now.toISOString(),
  };
}

/** Reads a stored record; anything malformed counts as no consent. */
export function parseConsentRecord(raw: string | null): CookieConsentRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsentRecord> | null;
    if (!value || typeof value !== 'object' || !value.preferences || value.timestamp === undefined) return null;
    const timestamp = new Date(value.timestamp as string | number);
    if (Number.isNaN(timestamp.getTime())) return null;
    return {
      accepted: value.accepted === true,
      preferences: { essential: true, analytics: value.preferences.analytics === true, functional: value.preferences.functional === true },
      timestamp: timestamp.toISOString(),
    };
  } catch {
    return null;
  }
}

/** The banner shows when there is no stored consent or the stored consent is older than the consent period. */
export function consentNeeded(record: CookieConsentRecord | null, now: Date, maxAgeDays: number = SITE.cookieConsentDays): boolean {
  if (!record) return true;
  return now.getTime() - new Date(record.timestamp).getTime() > maxAgeDays * DAY_MS;
}

export function readConsentRecord(storage: Pick<Storage, 'getItem'> = window.localStorage): CookieConsentRecord | null {
  try {
    return parseConsentRecord(storage.getItem(COOKIE_CONSENT_KEY));
  } catch {
    return null; // storage blocked (private mode, policy)
  }
}

export function writeConsentRecord(record: CookieConsentRecord, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the choice still applies for this page view.
  }
}
