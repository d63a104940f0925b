import Box from '@mui/material/Box';
import { useEffect, useState, type ReactNode } from 'react';
import { deferred, whenIdleAfterLoad } from '../deferred';
import { useToasts } from '../toasts/use-toast';
import { visuallyHiddenUntilFocused } from '../visually-hidden';
import { LazyMobileMenu } from './site-header';

/**
 * What the first paint does not wait for, outside the first download (web/bundle-budget.json). The footer (below the
 * fold), the emergency notice and the cookie banner, one chunk (vite.config.mts: layout-later), are fetched as the app
 * starts and show as soon as they arrive; the toaster with the first toast, or when the page is idle.
 */
const LazySiteFooter = deferred(
  () => import('./site-footer'),
  (m) => m.SiteFooter,
  'The footer',
);
const LazyEmergencyNotice = deferred(
  () => import('../overlays/emergency-notice'),
  (m) => m.EmergencyNotice,
  'The emergency notice',
);
const LazyCookieConsent = deferred(
  () => import('../overlays/cookie-consent'),
  (m) => m.CookieConsent,
  'The cookie banner',
);
const LazyToaster = deferred(
  () => import('../toasts/toaster'),
  (m) => m.Toaster,
  'The toaster',
);

/**
 * Starts fetching the footer, the emergency notice and the cookie banner: main.tsx calls it as the app starts, so
 * they arrive while the first render runs rather than after it.
 */
export function preloadLayoutParts(): void {
  for (const part of [LazyEmergencyNotice, LazySiteFooter, LazyCookieConsent]) void part.preload();
}

/** Header, page, footer, and the global overlays that belong to every page. */
export function SiteLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  useEffect(() => {
    // Ready before they are needed: a toast answers a click at once, the menu opens on the first tap.
    whenIdleAfterLoad(() => {
      void LazyToaster.preload();
      void LazyMobileMenu.preload();
    });
  }, []);
  return (
    <SiteFrame header={header} main={children}>
      <LazySiteFooter />
      <LazyEmergencyNotice />
      <LazyCookieConsent />
      <ToasterOnceNeeded />
    </SiteFrame>
  );
}

/**
 * The page's frame: a skip link, the header, the main content, then whatever follows it (footer, overlays). Also the
 * frame of the home page's HTML shell (app/home-shell.tsx), so the first paint and the app lay out alike.
 */
export function SiteFrame({ header, main, children }: { header: ReactNode; main: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="a" href="#main" sx={visuallyHiddenUntilFocused}>
        Skip to content
      </Box>
      {header}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {main}
      </Box>
      {children}
    </Box>
  );
}

/** Mounts the toaster with the first toast and keeps it (so a toast can fade out). */
function ToasterOnceNeeded() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <LazyToaster /> : null;
}
