import { PATHS } from '@/config/paths';

export type NavLink = { label: string; to: string };

const REGISTER: NavLink = { label: 'Register a Kit', to: PATHS.registerKit };
const STATISTICS: NavLink = { label: 'Statistics', to: PATHS.statistics };
const DONATE: NavLink = { label: 'Donate', to: PATHS.donate };
const CONTACT: NavLink = { label: 'Contact', to: PATHS.contact };

export const MAIN_LINKS: readonly NavLink[] = [{ label: 'Home', to: PATHS.home }, REGISTER, STATISTICS, DONATE, { label: 'About', to: PATHS.about }];

/** The mobile menu has room for Contact too. */
export const MOBILE_LINKS: readonly NavLink[] = [...MAIN_LINKS, CONTACT];

/** The footer's own words for home and about (the spec's). */
export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: 'Find a Kit', to: PATHS.home },
  REGISTER,
  STATISTICS,
  DONATE,
  { label: 'About Us', to: PATHS.about },
  CONTACT,
];

export const FOOTER_RESOURCES: readonly NavLink[] = [
  { label: 'First Aid Training', to: PATHS.firstAidTraining },
  { label: 'Bleed Kit Information', to: PATHS.bleedKitInfo },
  { label: 'Storage Options', to: PATHS.cabinetOptions },
  { label: 'Privacy Policy', to: PATHS.privacyPolicy },
  { label: 'Cookie Policy', to: PATHS.cookiePolicy },
  { label: 'Accessibility', to: PATHS.accessibility },
  { label: 'Constitution', to: PATHS.constitution },
];

export const FOUNDATION_SITE = { label: 'Daniel Baird Foundation', href: 'https://www.danielbairdfoundation.org' } as const;
