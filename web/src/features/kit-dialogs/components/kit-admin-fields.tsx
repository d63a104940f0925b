import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { KIT_STATUS_LABELS, KIT_STATUSES, type Kit, type KitStatus } from '@bleedkits/contracts';
import { OptionSelect } from '@/components/forms/option-select';

/** The fields only an admin may change; sent with the edit only by an admin (the server refuses them from others). */
export type KitAdminValues = Pick<Kit, 'manuallyChecked' | 'status'>;

export const ONLY_ADMIN_CAN_CHANGE = 'Only an admin can change this.';

const STATUS_OPTIONS = KIT_STATUSES.map((value) => ({ value, label: KIT_STATUS_LABELS[value] }));

export const kitAdminValues = (kit: Kit): KitAdminValues => ({ manuallyChecked: kit.manuallyChecked, status: kit.status });

/** 'Manually Checked', shown to everyone and changed only by an admin, and for admins the kit's status. */
export function KitAdminFields({
  values,
  onChange,
  isAdmin,
  disabled,
}: {
  values: KitAdminValues;
  onChange: (values: KitAdminValues) => void;
  isAdmin: boolean;
  disabled: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {isAdmin && (
          <OptionSelect
            label="Status"
            name="status"
            value={values.status}
            onChange={(e) => onChange({ ...values, status: e.target.value as KitStatus })}
            disabled={disabled}
            fullWidth
            options={STATUS_OPTIONS}
          />
        )}
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.manuallyChecked}
                disabled={!isAdmin || disabled}
                onChange={(e) => onChange({ ...values, manuallyChecked: e.target.checked })}
              />
            }
            label="Manually Checked"
          />
          {!isAdmin && <FormHelperText>{ONLY_ADMIN_CAN_CHANGE}</FormHelperText>}
        </div>
      </Stack>
    </Paper>
  );
}
