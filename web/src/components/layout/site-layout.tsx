import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CookieConsent, EmergencyNotice } from '../overlays';
import { Toaster } from '../toasts/toaster';
import { visuallyHiddenUntilFocused } from '../visually-hidden';
import { SiteFooter } from './site-footer';

/** Header, page, footer, and the global overlays that belong to every page. */
export function SiteLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="a" href="#main" sx={visuallyHiddenUntilFocused}>
        Skip to content
      </Box>
      {header}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <SiteFooter />
      <EmergencyNotice />
      <CookieConsent />
      <Toaster />
    </Box>
  );
}
