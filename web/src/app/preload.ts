import { preloadLayoutParts } from '@/components/layout/site-layout';
import { preloadHomeParts } from '@/features/home';
import { PATHS } from '@/config/paths';

/**
 * Starts fetching what the first page shows just after its first paint (the footer, the emergency notice, the cookie
 * banner, and on the home page its FAQ): each is its own chunk, outside the first download (web/bundle-budget.json),
 * and asking for them as the app starts lets them arrive while the app first renders.
 */
export function preloadFirstPageParts(pathname: string): void {
  preloadLayoutParts();
  if (pathname === PATHS.home) preloadHomeParts();
}
