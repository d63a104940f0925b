import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEPLOYMENT_STATUS_DISPLAY, DEPLOYMENT_STATUSES, type DeploymentStatus, type Kit, isDeploymentStatus } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianSetDeploymentStatusMutation } from '../api';

export const STATUS_UPDATE_FAILED = 'There was a problem updating the kit status. Please try again.';

const DOT_COLOURS = { green: '#2e7d32', orange: '#ed6c02', red: '#d32f2f' } as const;

export type DeploymentStatusDialogProps = { kit: Kit; open: boolean; onClose: () => void };

/** Opened from a kit's status badge: any status may change to any other, with optional notes. */
export function DeploymentStatusDialog({ kit, open, onClose }: DeploymentStatusDialogProps) {
  // The stored status, not the displayed one: an overdue kit shows 'Needs Verification' but may still be available.
  const [status, setStatus] = useState<DeploymentStatus>(() => (isDeploymentStatus(kit.deploymentStatus) ? kit.deploymentStatus : 'available'));
  const [notes, setNotes] = useState('');
  const [update, { isLoading }] = useCustodianSetDeploymentStatusMutation();
  const toast = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update({ kitId: kit.id, status, notes: notes.trim() === '' ? null : notes.trim() }).unwrap();
      toast({ title: 'Kit status updated', description: `${kit.locationName} is now marked ${DEPLOYMENT_STATUS_DISPLAY[status].label}.` });
      onClose();
    } catch {
      toast({ title: 'Error updating kit status', description: STATUS_UPDATE_FAILED, variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="deployment-status-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="deployment-status-title">
          Update Deployment Status
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {kit.locationName}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <RadioGroup aria-label="Deployment status" value={status} onChange={(e) => setStatus(e.target.value as DeploymentStatus)}>
              {DEPLOYMENT_STATUSES.map((s) => {
                const display = DEPLOYMENT_STATUS_DISPLAY[s];
                return (
                  <FormControlLabel
                    key={s}
                    value={s}
                    control={<Radio />}
                    label={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: DOT_COLOURS[display.colour] }} />
                        <span>{display.label}</span>
                      </Stack>
                    }
                  />
                );
              })}
            </RadioGroup>
            <TextField
              label="Notes (optional)"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              disabled={isLoading}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Updating...' : 'Update Status'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
