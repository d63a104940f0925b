import { PATHS } from '@/config/paths';

export type NavLink = { label: string; to: string };

export const MAIN_LINKS: readonly NavLink[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Register a Kit', to: PATHS.registerKit },
  { label: 'Statistics', to: PATHS.statistics },
  { label: 'Donate', to: PATHS.donate },
  { label: 'About', to: PATHS.about },
];

/** The mobile menu has room for Contact too. */
export const MOBILE_LINKS: readonly NavLink[] = [...MAIN_LINKS, { label: 'Contact', to: PATHS.contact }];

export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: 'Find a Kit', to: PATHS.home },
  { label: 'Register a Kit', to: PATHS.registerKit },
  { label: 'Statistics', to: PATHS.statistics },
  { label: 'Donate', to: PATHS.donate },
  { label: 'About Us', to: PATHS.about },
  { label: 'Contact', to: PATHS.contact },
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
