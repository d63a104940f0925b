import WarningAmber from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { SITE } from '@/config/site';
import { useState } from 'react';

/** Shown on every page load: this register is not an emergency service. */
export function EmergencyNotice() {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onClose={close} aria-labelledby="emergency-notice-title" aria-describedby="emergency-notice-text" maxWidth="xs">
      <DialogTitle id="emergency-notice-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'error.main' }}>
          <WarningAmber aria-hidden />
          <span>Emergency Notice</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="emergency-notice-text" sx={{ color: 'text.primary' }}>
          {SITE.emergencyNotice}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" color="primary" onClick={close} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
