import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_LOCATION_TYPE_OPTIONS, displayKitId, type Kit, KitMessages, REGISTRATION_LOCATION_TYPE_OPTIONS } from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../app/api';
import { formHasLocation, KitFormSections, kitToFormValues, toKitRegistration, useKitForm } from '../../../components/kit-form';
import { useToast } from '../../../components/toasts/use-toast';
import { useCustodianDeleteKitMutation, useCustodianEditKitMutation, useCustodianKitDetailsQuery } from '../api';
import { LOAD_KIT_FAILED } from './kit-detail-dialog';
import { KitAssignmentSection } from './kit-assignment-section';

export const UPDATE_FAILED = 'Failed to update kit. Please try again.';
export const NO_KIT_ID = 'No kit ID found for editing';
export const DELETE_FAILED = 'Failed to delete the kit. Please try again.';
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this kit? This cannot be undone.';

export type EditKitDialogProps = {
  kitId: number | null;
  open: boolean;
  onClose: () => void;
  /** The opener decides whether 'Delete Kit' is offered. */
  allowDelete?: boolean;
  /** Admins may change 'Manually Checked' and reassign the kit. */
  isAdmin?: boolean;
};

const FORM_ID = 'edit-kit-form';

function ConfirmDelete({ open, busy, onCancel, onConfirm }: { open: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-delete-title" maxWidth="xs">
      <DialogTitle id="confirm-delete-title">Delete Kit</DialogTitle>
      <DialogContent>
        <DialogContentText>{DELETE_CONFIRMATION}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EditKitForm({ kit, kitId, open, onClose, allowDelete, isAdmin }: { kit: Kit } & Required<EditKitDialogProps>) {
  const form = useKitForm(() => kitToFormValues(kit));
  const [manuallyChecked, setManuallyChecked] = useState(kit.manuallyChecked);
  const [locationError, setLocationError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [editKit, { isLoading: saving }] = useCustodianEditKitMutation();
  const [deleteKit, { isLoading: deleting }] = useCustodianDeleteKitMutation();
  const toast = useToast();
  const busy = saving || deleting;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (kitId === null) {
      toast({ title: 'Error', description: NO_KIT_ID, variant: 'destructive' });
      return;
    }
    const errors = form.validate();
    const located = formHasLocation(form.values);
    setLocationError(located ? undefined : KitMessages.location);
    if (!located) toast({ title: 'Error', description: KitMessages.location, variant: 'destructive' });
    if (!located || Object.keys(errors).length > 0) return;
    // Only admins may change the manually-checked flag; the server refuses it from anyone else.
    const data = { ...toKitRegistration(form.values), ...(isAdmin ? { manuallyChecked } : {}) };
    try {
      // The revision the form was opened with: a save over someone else's newer change answers 409 (its message is shown).
      const saved = await editKit({ kitId, revision: kit.revision, data }).unwrap();
      const awaitsReview = kit.status === 'active' && saved.status === 'pending';
      toast({ title: 'Kit updated', description: awaitsReview ? KitMessages.editAwaitsReview : 'The kit details have been saved.' });
      onClose();
    } catch (error) {
      toast({ title: 'Error updating kit', description: serverMessageOr(error, UPDATE_FAILED), variant: 'destructive' });
    }
  };

  const remove = async () => {
    try {
      await deleteKit(kit.id).unwrap();
      setConfirming(false);
      toast({ title: 'Kit deleted', description: `${displayKitId(kit.id)} has been removed.` });
      onClose();
    } catch {
      setConfirming(false);
      toast({ title: 'Error', description: DELETE_FAILED, variant: 'destructive' });
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Stack component="form" id={FORM_ID} noValidate onSubmit={save} spacing={3} aria-label="Edit kit">
          <KitFormSections
            form={form}
            locationTypeOptions={isAdmin ? ADMIN_LOCATION_TYPE_OPTIONS : REGISTRATION_LOCATION_TYPE_OPTIONS}
            locationError={locationError}
            disabled={busy}
          />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <FormControlLabel
              control={<Checkbox checked={manuallyChecked} disabled={!isAdmin || busy} onChange={(e) => setManuallyChecked(e.target.checked)} />}
              label="Manually Checked"
            />
            {!isAdmin && <FormHelperText>Only an admin can change this.</FormHelperText>}
          </Paper>
          {isAdmin && <KitAssignmentSection kit={kit} open={open} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <div>
          {allowDelete && (
            <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
              Delete Kit
            </Button>
          )}
        </div>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="contained" disabled={busy}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </Stack>
      </DialogActions>
      <ConfirmDelete open={confirming} busy={deleting} onCancel={() => setConfirming(false)} onConfirm={() => void remove()} />
    </>
  );
}

/** Edits every field of a kit, opened by its id; the form starts from the stored kit. */
export function EditKitDialog({ kitId, open, onClose, allowDelete = false, isAdmin = false }: EditKitDialogProps) {
  const {
    data: kit,
    isLoading,
    isError,
  } = useCustodianKitDetailsQuery(kitId ?? 0, { skip: !open || kitId === null, refetchOnMountOrArgChange: true });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="edit-kit-title">
      <DialogTitle id="edit-kit-title">
        Edit Kit
        {kit && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {displayKitId(kit.id)} · {kit.locationName}
          </Typography>
        )}
      </DialogTitle>
      {kit ? (
        <EditKitForm key={kit.id} kit={kit} kitId={kitId} open={open} onClose={onClose} allowDelete={allowDelete} isAdmin={isAdmin} />
      ) : (
        <>
          <DialogContent dividers>
            {isLoading && <Typography role="status">Loading kit details...</Typography>}
            {isError && <Typography color="error">{LOAD_KIT_FAILED}</Typography>}
            {kitId === null && <Typography color="error">{NO_KIT_ID}</Typography>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
