/** Site-wide constants of the web app: the name, notices, toast and cookie timings, the reminder interval (the kits' rule). */
export const SITE = {
  name: 'UK Bleed Kit Register',
  emergencyNotice:
    'Is this an emergency? If so call 999 now and follow their instructions. This site is not for emergency use. Press OK to continue.',
  toastDurationMs: 5000,
  toastLimit: 1,
  /** A toast swiped this far to the right is dismissed; a shorter swipe springs back. */
  toastSwipeThresholdPx: 50,
  /** Every tooltip opens after this hover or focus... */
  tooltipOpenDelayMs: 700,
  /** ...and the next one, soon after another has shown, after only this (MUI's enterNextDelay). */
  tooltipSkipDelayMs: 300,
  cookieConsentDays: 365,
  /**
   * The kits' VERIFICATION_INTERVAL_MONTHS (contracts/src/kits/verification.ts), written out: every page's layout reads
   * SITE, and importing the constant would bring that module, with date-fns and its time zones, into the home page's
   * first download. site.spec.ts holds the two equal.
   */
  verificationIntervalMonths: 6,
  donateDisplayedKitCount: '3,117+',
} as const;
