import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_LOCATION_TYPE_OPTIONS,
  AMBULANCE_SERVICE_OPTIONS,
  KIT_STATUSES,
  KIT_STATUS_LABELS,
  OTHER_MAKE,
  displayKitId,
  firstErrors,
  fullName,
  kitRegistrationRules,
  makeLabel,
  validateAgainst,
  type AdminKit,
  type KitEditRequest,
  type KitStatus,
} from '@bleedkits/contracts';
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { isApiError, serverMessageOr } from '../../../app/api';
import { OptionSelect, type SelectOption } from '../../../components/forms/option-select';
import { useToast } from '../../../components/toasts/use-toast';
import { useAdminUsersQuery, useEditKitMutation, useManufacturersQuery } from '../api';
import { useKitActions } from '../hooks/use-kit-actions';

type TextKey =
  | 'serialNumber'
  | 'make'
  | 'otherMake'
  | 'locationType'
  | 'cabinetCode'
  | 'locationName'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'postcode'
  | 'latitude'
  | 'longitude'
  | 'what3words'
  | 'detailedLocation'
  | 'openingHours'
  | 'purchaseDate'
  | 'expiryDate'
  | 'custodianName'
  | 'custodianPhone'
  | 'custodianEmail'
  | 'ambulanceService'
  | 'status'
  | 'userId';

type Values = Record<TextKey, string> & { publicDisplay: boolean; manuallyChecked: boolean };

const day = (value: string | null | undefined) => (value ?? '').slice(0, 10);

function initialValues(k: AdminKit): Values {
  return {
    serialNumber: k.serialNumber,
    make: k.make,
    otherMake: k.otherMake ?? '',
    locationType: k.locationType,
    cabinetCode: k.cabinetCode ?? '',
    locationName: k.locationName,
    addressLine1: k.addressLine1,
    addressLine2: k.addressLine2 ?? '',
    city: k.city,
    postcode: k.postcode,
    latitude: k.latitude == null ? '' : String(k.latitude),
    longitude: k.longitude == null ? '' : String(k.longitude),
    what3words: k.what3words ?? '',
    detailedLocation: k.detailedLocation ?? '',
    openingHours: k.openingHours ?? '',
    purchaseDate: day(k.purchaseDate),
    expiryDate: day(k.expiryDate),
    custodianName: k.custodianName,
    custodianPhone: k.custodianPhone,
    custodianEmail: k.custodianEmail,
    ambulanceService: k.ambulanceService,
    status: k.status,
    userId: k.userId ?? '',
    publicDisplay: k.publicDisplay,
    manuallyChecked: k.manuallyChecked,
  };
}

function toRequest(kitId: number, v: Values): KitEditRequest {
  const { status, userId, publicDisplay, manuallyChecked, ...fields } = v;
  const trimmed = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()])) as Omit<
    Values,
    'status' | 'userId' | 'publicDisplay' | 'manuallyChecked'
  >;
  return { kitId, data: { ...trimmed, publicDisplay, manuallyChecked, status: status as KitStatus, userId: userId || null } };
}

/**
 * The admin's own kit editor: every registration field plus the admin-only manually checked, status and owner,
 * and delete. (The shared kit dialog of features/kit-dialogs may replace it when the shell wires one in.)
 */
export function AdminKitEditDialog({ kit, onClose }: { kit: AdminKit; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => initialValues(kit));
  const [errors, setErrors] = useState<Partial<Record<TextKey, string>>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [editKit, { isLoading: saving }] = useEditKitMutation();
  const manufacturers = useManufacturersQuery();
  const users = useAdminUsersQuery();
  const actions = useKitActions();
  const toast = useToast();
  const busy = saving || actions.busyId === kit.id;

  const makes = useMemo(() => {
    const rows = (manufacturers.data ?? []).map((m) => ({ value: m.value, label: (m.label || m.value).replace(/_/g, ' ') }));
    // A make removed from the list stays valid on the kits that use it.
    if (!rows.some((r) => r.value === kit.make)) rows.push({ value: kit.make, label: makeLabel(kit.make) });
    return rows;
  }, [manufacturers.data, kit.make]);

  const owners = useMemo(() => {
    const rows = (users.data ?? []).map((u) => ({ value: u.id, label: `${fullName(u)} (${u.email})` }));
    if (kit.userId && !rows.some((r) => r.value === kit.userId)) rows.push({ value: kit.userId, label: kit.userEmail ?? kit.userId });
    return rows;
  }, [users.data, kit.userId, kit.userEmail]);

  const set = (key: TextKey) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = firstErrors(validateAgainst(kitRegistrationRules, values));
    setErrors(found);
    setServerErrors([]);
    if (Object.keys(found).length > 0) return;
    try {
      await editKit(toRequest(kit.id, values)).unwrap();
      toast({ title: 'Kit updated', description: `${values.locationName.trim()} has been saved.` });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors?.length) setServerErrors(error.errors);
      toast({ title: 'Error updating kit', description: serverMessageOr(error, 'Failed to update kit. Please try again.'), variant: 'destructive' });
    }
  };

  const remove = async () => {
    if (await actions.remove(kit)) onClose();
  };

  const field = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={set(key)}
      error={errors[key] !== undefined}
      helperText={errors[key]}
      disabled={busy}
      fullWidth
      size="small"
      {...extra}
    />
  );

  const select = (key: TextKey, label: string, options: readonly SelectOption[]) => (
    <OptionSelect label={label} name={key} value={values[key]} onChange={set(key)} disabled={busy} fullWidth size="small" options={options} />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="admin-kit-edit-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="admin-kit-edit-title">
          Edit Kit {displayKitId(kit.id)}
          <Typography variant="body2" color="text.secondary">
            {kit.locationName}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          {serverErrors.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverErrors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          )}
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Kit
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('serialNumber', 'Serial Number', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select('make', 'Make', makes)}</Grid>
            {values.make === OTHER_MAKE && <Grid size={{ xs: 12, sm: 6 }}>{field('otherMake', 'Other Make')}</Grid>}
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('purchaseDate', 'Purchase Date', { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('expiryDate', 'Expiry Date', { type: 'date', required: true, slotProps: { inputLabel: { shrink: true } } })}
            </Grid>
          </Grid>

          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Location
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6 }}>{select('locationType', 'Location Type', ADMIN_LOCATION_TYPE_OPTIONS)}</Grid>
            {values.locationType === 'locked_cabinet' && <Grid size={{ xs: 12, sm: 6 }}>{field('cabinetCode', 'Cabinet Code')}</Grid>}
            <Grid size={{ xs: 12, sm: 6 }}>{field('locationName', 'Location Name', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('addressLine1', 'Address Line 1', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('addressLine2', 'Address Line 2')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('city', 'City', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('postcode', 'Postcode', { required: true })}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{field('latitude', 'Latitude', { inputMode: 'decimal' })}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{field('longitude', 'Longitude', { inputMode: 'decimal' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('what3words', 'What3words')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select('ambulanceService', 'Ambulance Service', AMBULANCE_SERVICE_OPTIONS)}</Grid>
            <Grid size={{ xs: 12 }}>{field('detailedLocation', 'Detailed Location', { multiline: true, minRows: 2 })}</Grid>
            <Grid size={{ xs: 12 }}>
              {field('openingHours', 'Opening Hours', {
                helperText: errors.openingHours ?? 'Worked out from the kit’s availability schedule when it has one.',
              })}
            </Grid>
          </Grid>

          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Custodian
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 4 }}>{field('custodianName', 'Custodian Name', { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('custodianPhone', 'Custodian Phone', { required: true, type: 'tel' })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('custodianEmail', 'Custodian Email', { required: true, type: 'email' })}</Grid>
          </Grid>

          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Administration
          </Typography>
          <Grid container spacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {select(
                'status',
                'Status',
                KIT_STATUSES.map((s) => ({ value: s, label: KIT_STATUS_LABELS[s] })),
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{select('userId', 'Owner', [{ value: '', label: 'Unassigned' }, ...owners])}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.manuallyChecked}
                    onChange={(e) => setValues((v) => ({ ...v, manuallyChecked: e.target.checked }))}
                    disabled={busy}
                  />
                }
                label="Manually checked"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.publicDisplay}
                    onChange={(e) => setValues((v) => ({ ...v, publicDisplay: e.target.checked }))}
                    disabled={busy}
                  />
                }
                label="Show on public map"
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button color="error" startIcon={<Delete />} onClick={() => void remove()} disabled={busy}>
            Delete Kit
          </Button>
          <div>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </DialogActions>
      </form>
    </Dialog>
  );
}
