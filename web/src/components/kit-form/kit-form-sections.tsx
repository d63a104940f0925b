import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AMBULANCE_SERVICE_LABELS,
  type AmbulanceService,
  isLongSerial,
  LOCATION_TYPE_LABELS,
  type LocationType,
  makeLabel,
  MAX_KIT_LIFE_YEARS,
  type Option,
  OTHER_MAKE,
} from '@bleedkits/contracts';
import { memo, useCallback, type ReactNode } from 'react';
import { useKitFormAmbulanceServicesQuery, useKitFormManufacturersQuery } from './api';
import { AvailabilitySection } from './availability-section';
import type { KitFormField, KitFormValues } from './kit-form-values';
import { LocationPicker } from './location-picker';
import type { KitForm } from './use-kit-form';

export const SERIAL_NUMBER_HELP = `The serial number is a requirement of the medical-products regulator (MHRA). The maximum life of a medical kit is ${MAX_KIT_LIFE_YEARS} years after production.`;
export const LONG_SERIAL_NOTE = 'Serial numbers over 20 characters are flagged for review.';
export const CABINET_CODE_HELP = 'Shared only with emergency services.';
export const PUBLIC_DISPLAY_HELP =
  'Turn this off to keep the kit off the public map. It is still shared with ambulance services and emergency responders.';

export type KitFormSectionsProps = {
  form: KitForm;
  locationTypeOptions: readonly Option[];
  /** Set by the parent after a submit without coordinates. */
  locationError?: string;
  disabled?: boolean;
};

// The schedule and the picker are the heavy parts: they re-render only when their own values change.
const MemoAvailability = memo(AvailabilitySection);
const MemoLocationPicker = memo(LocationPicker);

type TextFieldName = { [K in KitFormField]: KitFormValues[K] extends string ? K : never }[KitFormField];

/** A select list that still shows a stored value the list does not (yet) contain. */
function withCurrent(options: readonly Option[], current: string, label: (v: string) => string): readonly Option[] {
  return current === '' || options.some((o) => o.value === current) ? options : [...options, { value: current, label: label(current) }];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** Every section of the kit form: registration and the edit dialog render the same fields. */
export function KitFormSections({ form, locationTypeOptions, locationError, disabled = false }: KitFormSectionsProps) {
  const { values, errors, setField, setLocation } = form;
  const { data: makes = [] } = useKitFormManufacturersQuery();
  const { data: services = [] } = useKitFormAmbulanceServicesQuery();

  const text = (field: TextFieldName, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(e) => setField(field, e.target.value)}
      error={errors[field] !== undefined}
      disabled={disabled}
      fullWidth
      {...extra}
      helperText={errors[field] ?? extra.helperText}
    />
  );

  const select = (
    field: 'make' | 'locationType' | 'ambulanceService',
    label: string,
    options: readonly Option[],
    extra: Partial<TextFieldProps> = {},
  ) =>
    text(field, label, {
      select: true,
      slotProps: { select: { native: true }, inputLabel: { shrink: true } },
      children: options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      )),
      ...extra,
    });

  const date = (field: 'purchaseDate' | 'expiryDate', label: string) =>
    text(field, label, { type: 'date', slotProps: { inputLabel: { shrink: true } } });

  const onAvailability = useCallback((a: KitFormValues['availability']) => setField('availability', a), [setField]);
  const onWords = useCallback((w: string) => setField('what3words', w), [setField]);
  const address = [values.addressLine1, values.addressLine2, values.city].filter((p) => p.trim() !== '').join(', ');

  const makeOptions = withCurrent(makes, values.make, makeLabel);
  const serviceOptions = withCurrent(services, values.ambulanceService, (v) => AMBULANCE_SERVICE_LABELS[v as AmbulanceService] ?? v);
  const typeOptions = withCurrent(locationTypeOptions, values.locationType, (v) => LOCATION_TYPE_LABELS[v as LocationType] ?? v);

  return (
    <Stack spacing={3}>
      <Section title="Kit Information">
        {text('serialNumber', 'Serial Number', {
          helperText: isLongSerial(values.serialNumber) ? `${SERIAL_NUMBER_HELP} ${LONG_SERIAL_NOTE}` : SERIAL_NUMBER_HELP,
        })}
        {select('make', 'Kit Make', makeOptions)}
        {values.make === OTHER_MAKE && text('otherMake', 'Other Make', { required: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {date('purchaseDate', 'Purchase Date')}
          {date('expiryDate', 'Expiry Date')}
        </Stack>
      </Section>

      <Section title="Location Information">
        {select('locationType', 'Location Type', typeOptions)}
        {values.locationType === 'locked_cabinet' && text('cabinetCode', 'Cabinet Code', { required: true, helperText: CABINET_CODE_HELP })}
        {text('locationName', 'Location Name')}
        {text('addressLine1', 'Address Line 1')}
        {text('addressLine2', 'Address Line 2')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('city', 'City')}
          {text('postcode', 'Postcode')}
        </Stack>
        {text('detailedLocation', 'Detailed Location', {
          multiline: true,
          minRows: 2,
          helperText: 'Where exactly the kit is, for example on the wall beside the main entrance.',
        })}
        {select('ambulanceService', 'Ambulance Service', serviceOptions, {
          helperText: 'Detected from the postcode and address; change it if it is wrong.',
        })}
        <MemoLocationPicker
          latitude={values.latitude}
          longitude={values.longitude}
          what3words={values.what3words}
          address={address}
          postcode={values.postcode}
          onLocationChange={setLocation}
          onWhat3wordsChange={onWords}
          error={locationError}
          disabled={disabled}
        />
      </Section>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <MemoAvailability value={values.availability} onChange={onAvailability} locationType={values.locationType} disabled={disabled} />
      </Paper>

      <Section title="Custodian Information">
        {text('custodianName', 'Custodian Name')}
        {text('custodianPhone', 'Custodian Phone', { type: 'tel' })}
        {text('custodianEmail', 'Custodian Email', { type: 'email' })}
        <FormControlLabel
          control={<Switch checked={values.publicDisplay} disabled={disabled} onChange={(e) => setField('publicDisplay', e.target.checked)} />}
          label="Show this kit on the public map"
        />
        <Typography variant="body2" color="text.secondary">
          {PUBLIC_DISPLAY_HELP}
        </Typography>
      </Section>
    </Stack>
  );
}
