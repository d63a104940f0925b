/** Site-wide constants that the web, the gateway and e-mails share. */
export const SITE = {
  name: 'UK Bleed Kit Register',
  emergencyNotice:
    'Is this an emergency? If so call 999 now and follow their instructions. This site is not for emergency use. Press OK to continue.',
  toastDurationMs: 5000,
  toastLimit: 1,
  cookieConsentDays: 365,
  verificationIntervalMonths: 6,
  kitIdPrefix: 'BCK-',
  donateDisplayedKitCount: '3,117+',
} as const;
