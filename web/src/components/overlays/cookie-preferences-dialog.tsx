import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CookiePreferences } from './cookie-consent-record';

type DialogProps = { initial: CookiePreferences; onClose: () => void; onSave: (p: CookiePreferences) => void };

/** Cookie Preferences: the three categories, essential always on. Its own chunk (cookie-consent.tsx loads it). */
export function CookiePreferencesDialog({ initial, onClose, onSave }: DialogProps) {
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
