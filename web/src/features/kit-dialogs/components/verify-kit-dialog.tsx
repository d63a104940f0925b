import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECKLIST_ITEMS, type ChecklistItemKey, type Kit, checklistRules, failedChecklistItems, formatDateGb } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianVerifyKitMutation } from '../api';

export const VERIFY_FAILED = 'There was a problem recording the check. Please try again.';

type Answers = Record<ChecklistItemKey, boolean | null>;
const UNANSWERED: Answers = { cabinetAccessible: null, kitPresent: null, sealIntact: null };

export type VerifyKitDialogProps = { kit: Pick<Kit, 'id' | 'locationName' | 'serialNumber'>; open: boolean; onClose: () => void };

/**
 * The custodian's six-monthly check: three yes/no questions, the consumables' expiry dates and notes. A 'No' marks
 * the kit 'Needs Verification' with the checklist as its note; the dialog says so before it is sent.
 */
export function VerifyKitDialog({ kit, open, onClose }: VerifyKitDialogProps) {
  const [answers, setAnswers] = useState<Answers>(UNANSWERED);
  const [tourniquetExpiry, setTourniquetExpiry] = useState('');
  const [dressingsExpiry, setDressingsExpiry] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [verify, { isLoading }] = useCustodianVerifyKitMutation();
  const toast = useToast();

  const answered = CHECKLIST_ITEMS.every((i) => answers[i.key] !== null);
  const failures = answered ? failedChecklistItems(answers as Record<ChecklistItemKey, boolean>) : [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { ...answers, tourniquetExpiry: tourniquetExpiry || null, dressingsExpiry: dressingsExpiry || null, notes: notes.trim() || null };
    const found: Partial<Record<string, string>> = {};
    for (const [field, rules] of Object.entries(checklistRules)) {
      const failed = rules.find((r) => !r.test((body as Record<string, unknown>)[field], body));
      if (failed) found[field] = failed.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const updated = await verify({ kitId: kit.id, checklist: body as typeof body & Record<ChecklistItemKey, boolean> }).unwrap();
      toast(
        failures.length
          ? { title: 'Check recorded', description: `${kit.locationName} is marked Needs Verification: ${failures.join(', ')}.` }
          : {
              title: 'Kit verified',
              description: `${kit.locationName} is next due for verification on ${formatDateGb(updated.nextVerificationDue)}.`,
            },
      );
      setAnswers(UNANSWERED);
      setNotes('');
      onClose();
    } catch (error) {
      toast({ title: 'Verification failed', description: serverMessageOr(error, VERIFY_FAILED), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="verify-kit-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="verify-kit-title">
          Verify Kit
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {kit.locationName} ({kit.serialNumber})
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2">Check the kit where it is kept, then answer each question.</Typography>
            {CHECKLIST_ITEMS.map((item) => (
              <FormControl key={item.key} error={!!errors[item.key]} disabled={isLoading}>
                <FormLabel id={`check-${item.key}`}>{item.label}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`check-${item.key}`}
                  value={answers[item.key] === null ? '' : answers[item.key] ? 'yes' : 'no'}
                  onChange={(e) => setAnswers((a) => ({ ...a, [item.key]: e.target.value === 'yes' }))}
                >
                  <FormControlLabel value="yes" control={<Radio />} label="Yes" />
                  <FormControlLabel value="no" control={<Radio />} label="No" />
                </RadioGroup>
                {errors[item.key] && <FormHelperText>{errors[item.key]}</FormHelperText>}
              </FormControl>
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Tourniquet expiry (optional)"
                type="date"
                value={tourniquetExpiry}
                onChange={(e) => setTourniquetExpiry(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                error={!!errors.tourniquetExpiry}
                helperText={errors.tourniquetExpiry}
                fullWidth
                disabled={isLoading}
              />
              <TextField
                label="Dressings expiry (optional)"
                type="date"
                value={dressingsExpiry}
                onChange={(e) => setDressingsExpiry(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                error={!!errors.dressingsExpiry}
                helperText={errors.dressingsExpiry}
                fullWidth
                disabled={isLoading}
              />
            </Stack>
            <TextField
              label="Notes (optional)"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={!!errors.notes}
              helperText={errors.notes}
              disabled={isLoading}
            />
            {failures.length > 0 && (
              <Alert severity="warning">The kit will be marked Needs Verification ({failures.join(', ')}) until a check passes.</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Record Check'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
