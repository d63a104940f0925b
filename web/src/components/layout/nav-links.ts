export type NavLink = { label: string; to: string };

export const MAIN_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Register a Kit', to: '/register-kit' },
  { label: 'Statistics', to: '/statistics' },
  { label: 'Donate', to: '/donate' },
  { label: 'About', to: '/about' },
];

/** The mobile menu has room for Contact too. */
export const MOBILE_LINKS: readonly NavLink[] = [...MAIN_LINKS, { label: 'Contact', to: '/contact' }];

export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: 'Find a Kit', to: '/' },
  { label: 'Register a Kit', to: '/register-kit' },
  { label: 'Statistics', to: '/statistics' },
  { label: 'Donate', to: '/donate' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_RESOURCES: readonly NavLink[] = [
  { label: 'First Aid Training', to: '/first-aid-training' },
  { label: 'Bleed Kit Information', to: '/bleed-kit-info' },
  { label: 'Storage Options', to: '/cabinet-options' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Accessibility', to: '/accessibility' },
  { label: 'Constitution', to: '/constitution' },
];

export const FOUNDATION_SITE = { label: 'Daniel Baird Foundation', href: 'https://www.danielbairdfoundation.org' } as const;
