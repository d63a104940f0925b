export type CookieCategory = 'Essential' | 'Analytics' | 'Functional';

export type CookieRow = { name: string; category: CookieCategory; purpose: string; duration: string };

/** The cookies the site sets, with the durations the spec fixes; categories match the consent dialog's switches. */
export const COOKIES: readonly CookieRow[] = [
  {
    name: 'Session cookie',
    category: 'Essential',
    purpose: 'Keeps you signed in as you move between pages.',
    duration: 'Until you sign out or close your browser',
  },
  {
    name: 'Cookie consent',
    category: 'Essential',
    purpose: 'Remembers the cookie choices you made, so we do not ask again on every visit.',
    duration: '1 year',
  },
  {
    name: 'Analytics (_ga)',
    category: 'Analytics',
    purpose: 'Distinguishes visitors so that we can count visits and see which pages are used.',
    duration: '2 years',
  },
  {
    name: 'Analytics (_gid)',
    category: 'Analytics',
    purpose: 'Distinguishes visitors over a single day.',
    duration: '24 hours',
  },
  {
    name: 'Map preferences',
    category: 'Functional',
    purpose: 'Remembers your map settings, such as the view and heatmap settings.',
    duration: '30 days',
  },
];
