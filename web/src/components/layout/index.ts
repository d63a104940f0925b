export { SiteLayout } from './site-layout';
export { SiteHeader, type SiteHeaderProps, type HeaderUser } from './site-header';
export { SiteFooter } from './site-footer';
