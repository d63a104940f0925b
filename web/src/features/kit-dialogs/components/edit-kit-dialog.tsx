import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_LOCATION_TYPE_OPTIONS, displayKitId, type Kit, KitMessages, REGISTRATION_LOCATION_TYPE_OPTIONS } from '@bleedkits/contracts';
import { deleteKitConfirmation } from '@/config/confirmations';
import { useState, type FormEvent } from 'react';
import { isApiError, serverMessageOr } from '@/api/api';
import { formHasLocation, KitFormSections, kitToFormValues, toKitRegistration, useKitForm } from '@/components/kit-form';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianDeleteKitMutation, useCustodianEditKitMutation, useCustodianKitDetailsQuery } from '../api';
import { LOAD_KIT_FAILED } from './kit-detail-dialog';
import { KitAdminFields, kitAdminValues, type KitAdminValues } from './kit-admin-fields';
import { KitHistorySection } from './kit-history-section';
import { KitAssignmentSection } from './kit-assignment-section';

export const UPDATE_FAILED = 'Failed to update kit. Please try again.';
export const NO_KIT_ID = 'No kit ID found for editing';
export const DELETE_FAILED = 'Failed to delete the kit. Please try again.';
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this kit? This cannot be undone.';
/** The admin's delete failure toast title; its text is the status and body (admin spec §8). */
export const ADMIN_DELETE_FAILED_TITLE = 'Delete failed';

export type EditKitDialogProps = {
  kitId: number | null;
  open: boolean;
  onClose: () => void;
  /** The opener decides whether 'Delete Kit' is offered. */
  allowDelete?: boolean;
  /**
   * Admins (the admin console, or an admin on the dashboard) may change 'Manually Checked' and the status, pick
   * the admin-only location types and reassign the kit; their delete prompt names the kit.
   */
  isAdmin?: boolean;
};

const FORM_ID = 'edit-kit-form';

type ConfirmDeleteProps = { open: boolean; message: string; busy: boolean; onCancel: () => void; onConfirm: () => void };

function ConfirmDelete({ open, message, busy, onCancel, onConfirm }: ConfirmDeleteProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-delete-title" maxWidth="xs">
      <DialogTitle id="confirm-delete-title">Delete Kit</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
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
  const [adminValues, setAdminValues] = useState<KitAdminValues>(() => kitAdminValues(kit));
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
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
    setServerErrors([]);
    // Only admins may change manually checked and the status; the server refuses them from anyone else. The owner
    // changes through the assignment section (PATCH reassign), never with the edit.
    const data = { ...toKitRegistration(form.values), ...(isAdmin ? adminValues : {}) };
    try {
      // The revision the form was opened with: a save over someone else's newer change answers 409 (its message is shown).
      const saved = await editKit({ kitId, revision: kit.revision, data }).unwrap();
      // An owner's change of the public listing sends an approved kit back for review; an admin sets the status.
      const awaitsReview = !isAdmin && kit.status === 'active' && saved.status === 'pending';
      toast({ title: 'Kit updated', description: awaitsReview ? KitMessages.editAwaitsReview : 'The kit details have been saved.' });
      onClose();
    } catch (error) {
      // The server's per-field validation messages stay on screen beside the form.
      if (isApiError(error) && error.errors?.length) setServerErrors(error.errors);
      toast({ title: 'Error updating kit', description: serverMessageOr(error, UPDATE_FAILED), variant: 'destructive' });
    }
  };

  const remove = async () => {
    try {
      await deleteKit(kit.id).unwrap();
      setConfirming(false);
      toast({ title: 'Kit deleted', description: `${displayKitId(kit.id)} has been removed.` });
      onClose();
    } catch (error) {
      setConfirming(false);
      // An admin sees the status and body text (admin spec §8), an owner the plain message.
      const failure = isAdmin
        ? { title: ADMIN_DELETE_FAILED_TITLE, description: isApiError(error) ? error.message : DELETE_FAILED }
        : { title: 'Error', description: DELETE_FAILED };
      toast({ ...failure, variant: 'destructive' });
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Stack component="form" id={FORM_ID} noValidate onSubmit={save} spacing={3} aria-label="Edit kit">
          {serverErrors.length > 0 && (
            <Alert severity="error">
              {serverErrors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          )}
          <KitFormSections
            form={form}
            locationTypeOptions={isAdmin ? ADMIN_LOCATION_TYPE_OPTIONS : REGISTRATION_LOCATION_TYPE_OPTIONS}
            locationError={locationError}
            disabled={busy}
          />
          <KitAdminFields values={adminValues} onChange={setAdminValues} isAdmin={isAdmin} disabled={busy} />
          {isAdmin && <KitAssignmentSection kit={kit} open={open} />}
          {isAdmin && <KitHistorySection kitId={kit.id} open={open} />}
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
      <ConfirmDelete
        open={confirming}
        message={isAdmin ? deleteKitConfirmation(kit) : DELETE_CONFIRMATION}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
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
