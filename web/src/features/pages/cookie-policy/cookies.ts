/**
 * Everything the site stores on a visitor's device, where and for how long. This is the whole list: a test
 * (cookie-policy.spec.ts) scans the web app's source for every use of cookies and browser storage and fails when
 * something is stored that is not listed here, or listed that is no longer stored.
 */
export type StorageKind = 'Cookie' | 'Local storage' | 'Cache storage';

export type StoredItem = {
  /** The cookie name, storage key or cache name, as the browser's developer tools show it. */
  name: string;
  kind: StorageKind;
  purpose: string;
  duration: string;
  /** Where in the code it is written (web/src/..., or the gateway for the session cookie): the test checks these. */
  setBy: string;
};

/** The session lasts this long after the last request (the gateway's SESSION_TTL_HOURS default: 14 days, renewed on use). */
export const SESSION_DAYS = 14;
/** A browser that signed in stays trusted this long (the gateway's LOGIN_TRUSTED_DEVICE_DAYS default). */
export const TRUSTED_DEVICE_DAYS = 180;

export const STORED_ITEMS: readonly StoredItem[] = [
  {
    name: 'bk.sid',
    kind: 'Cookie',
    purpose:
      'Keeps you signed in as you move between pages. Set only when you sign in (or start signing in with Google); it holds a random session number, never your password.',
    duration: `${SESSION_DAYS} days after your last visit, or until you sign out`,
    setBy: 'gateway/src/bootstrap/create-gateway.ts',
  },
  {
    name: 'bk.device',
    kind: 'Cookie',
    purpose:
      'Set when you sign in or create an account. It remembers that this browser has signed in to your account before, so that if someone tries many wrong passwords for your account you can still sign in from here. It holds a random number only.',
    duration: `${TRUSTED_DEVICE_DAYS} days after you last signed in`,
    setBy: 'gateway/src/routes/auth/login-throttle.ts',
  },
  {
    name: 'cookieConsent',
    kind: 'Local storage',
    purpose: 'Remembers the choices you made in the cookie banner, so we do not ask on every visit.',
    duration: 'Until you change your choices or clear your browser data; we ask again after 1 year',
    setBy: 'web/src/components/overlays/cookie-consent-record.ts',
  },
  {
    name: 'workbox-precache',
    kind: 'Cache storage',
    purpose: "The site's own pages, scripts and images, kept by its service worker so the kit finder opens without a connection.",
    duration: 'Replaced with each new version of the site; removed when you clear your browser data',
    setBy: 'web/vite.config.mts',
  },
  {
    name: 'bk-public-snapshot-v1',
    kind: 'Cache storage',
    purpose:
      'A copy of the public kit list (locations, opening hours and what3words addresses, no personal details), so the finder can list the nearest kits offline.',
    duration: 'Refreshed at most once a day while you are online; removed when you clear your browser data',
    setBy: 'web/src/features/finder/offline/snapshot-store.ts',
  },
];
