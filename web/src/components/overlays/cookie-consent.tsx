import CookieOutlined from '@mui/icons-material/CookieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
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

      {!bannerOpen && (
        <Tooltip title="Cookie settings">
          <Fab
            size="small"
            color="default"
            aria-label="Cookie settings"
            onClick={() => setDialogOpen(true)}
            sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (t) => t.zIndex.speedDial }}
          >
            <CookieOutlined />
          </Fab>
        </Tooltip>
      )}

      {dialogOpen && (
        <CookiePreferencesDialog
          initial={record?.preferences ?? { essential: true, analytics: false, functional: false }}
          onClose={() => setDialogOpen(false)}
          onSave={save}
        />
      )}
    </>
  );
}

type DialogProps = { initial: CookiePreferences; onClose: () => void; onSave: (p: CookiePreferences) => void };

function CookiePreferencesDialog({ initial, onClose, onSave }: DialogProps) {
  const [preferences, setPreferences] = useState<CookiePreferences>(initial);
  const toggle = (key: 'analytics' | 'functional') => (_: unknown, checked: boolean) => setPreferences((p) => ({ ...p, [key]: checked }));

  return (
    <Dialog open onClose={onClose} aria-labelledby="cookie-preferences-title" maxWidth="sm" fullWidth>
      <DialogTitle id="cookie-preferences-title">Cookie Preferences</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Category
            label="Essential cookies"
            description="Needed for the site to work: your session, this choice and the offline kit finder. Always on."
            control={<Switch checked disabled slotProps={{ input: { 'aria-label': 'Essential cookies' } }} />}
          />
          <Category
            label="Analytics cookies"
            description="Would help us understand how visitors use the site. The site sets none today; nothing will be set without your agreement."
            control={
              <Switch checked={preferences.analytics} onChange={toggle('analytics')} slotProps={{ input: { 'aria-label': 'Analytics cookies' } }} />
            }
          />
          <Category
            label="Functional cookies"
            description="Would remember preferences between visits. The site sets none today; nothing will be set without your agreement."
            control={
              <Switch
                checked={preferences.functional}
                onChange={toggle('functional')}
                slotProps={{ input: { 'aria-label': 'Functional cookies' } }}
              />
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(preferences)}>
          Save Preferences
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Category({ label, description, control }: { label: string; description: string; control: React.ReactElement }) {
  return (
    <Box>
      <FormControlLabel control={control} label={<Typography sx={{ fontWeight: 600 }}>{label}</Typography>} />
      <Typography variant="body2" color="text.secondary" sx={{ pl: 6 }}>
        {description}
      </Typography>
    </Box>
  );
}
