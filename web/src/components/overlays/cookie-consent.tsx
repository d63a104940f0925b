import CookieOutlined from '@mui/icons-material/CookieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { deferred } from '@/components/deferred';
import {
  ALL_COOKIES,
  consentNeeded,
  makeConsentRecord,
  readConsentRecord,
  writeConsentRecord,
  type CookieConsentRecord,
  type CookiePreferences,
} from './cookie-consent-record';
import { PATHS } from '@/config/paths';

export type CookieConsentProps = {
  /** The clock used to judge whether stored consent has expired; injectable for tests. */
  now?: () => Date;
};

const defaultNow = () => new Date();

/** The preferences dialog: its own chunk, fetched when Customise or the settings button first opens it. */
export const LazyCookiePreferencesDialog = deferred(
  () => import('./cookie-preferences-dialog'),
  (m) => m.CookiePreferencesDialog,
  'The cookie preferences',
);
/** MUI's Tooltip (and its popper) for the settings button: fetched after the button shows, which works without it. */
export const LazyTooltip = deferred(
  () => import('@mui/material/Tooltip'),
  (m) => m.default,
  'A tooltip',
);

/** Cookie banner, preferences dialog and the floating button that reopens the dialog once a choice is stored. */
export function CookieConsent({ now = defaultNow }: CookieConsentProps) {
  const [record, setRecord] = useState<CookieConsentRecord | null>(() => readConsentRecord());
  const [bannerOpen, setBannerOpen] = useState(() => consentNeeded(record, now()));
  const [dialogOpen, setDialogOpen] = useState(false);

  const save = (preferences: CookiePreferences) => {
    const next = makeConsentRecord(preferences, now());
    writeConsentRecord(next);
    setRecord(next);
    setBannerOpen(false);
    setDialogOpen(false);
  };

  return (
    <>
      {bannerOpen && (
        <Paper
          role="region"
          aria-label="Cookie consent"
          elevation={8}
          sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: (t) => t.zIndex.appBar + 1, p: 2.5, maxWidth: 960, mx: 'auto' }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                We use cookies
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Essential storage keeps you signed in, remembers this choice and lets the kit finder work offline. We use no analytics or advertising
                cookies. See our{' '}
                <Link component={RouterLink} to={PATHS.cookiePolicy}>
                  cookie policy
                </Link>
                .
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button variant="outlined" onClick={() => setDialogOpen(true)}>
                Customise
              </Button>
              <Button variant="contained" onClick={() => save(ALL_COOKIES)}>
                Accept All
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}

      {!bannerOpen && <SettingsButton onClick={() => setDialogOpen(true)} />}

      {dialogOpen && (
        <LazyCookiePreferencesDialog
          initial={record?.preferences ?? { essential: true, analytics: false, functional: false }}
          onClose={() => setDialogOpen(false)}
          onSave={save}
        />
      )}
    </>
  );
}

/** The floating button that reopens the preferences; its tooltip joins it once fetched. */
function SettingsButton({ onClick }: { onClick: () => void }) {
  const fab = (
    <Fab
      size="small"
      color="default"
      aria-label="Cookie settings"
      onClick={onClick}
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}
    >
      <CookieOutlined />
    </Fab>
  );
  return (
    <LazyTooltip title="Cookie settings" fallback={fab}>
      {fab}
    </LazyTooltip>
  );
}
