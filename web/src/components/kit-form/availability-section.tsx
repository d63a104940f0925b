import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Availability,
  availabilityTransitions,
  LOCKED_CABINET_NOTICE,
  openingHoursText,
  TIME_OPTIONS,
  type Weekday,
  WEEKDAYS,
} from '@bleedkits/contracts';
import { useEffect, useRef } from 'react';

export type AvailabilitySectionProps = {
  value: Availability;
  onChange: (next: Availability) => void;
  locationType: string;
  disabled?: boolean;
};

/** The spec's helper forces a locked cabinet to 24/7 after a 10 ms delay. */
export const LOCKED_CABINET_DELAY_MS = 10;

const DAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The selectors offer 30-minute steps; a stored time off that grid (such as 24/7's 23:59) stays selectable. */
function timeChoices(current: string): readonly string[] {
  return TIME_OPTIONS.includes(current) ? TIME_OPTIONS : [...TIME_OPTIONS, current].sort();
}

function TimeSelect({ label, value, onChange, disabled }: { label: string; value: string; onChange: (v: string) => void; disabled: boolean }) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      sx={{ minWidth: 110 }}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      {timeChoices(value).map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </TextField>
  );
}

export function AvailabilitySection({ value, onChange, locationType, disabled = false }: AvailabilitySectionProps) {
  const locked = locationType === 'locked_cabinet';
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    if (!locked || value.is24x7) return;
    const timer = setTimeout(() => {
      const { value: current, onChange: change } = latest.current;
      change(availabilityTransitions.set24x7(current, true));
    }, LOCKED_CABINET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [locked, value.is24x7]);

  const scheduleDisabled = disabled || value.is24x7;

  return (
    <Stack spacing={2} component="section" aria-label="Availability">
      <Typography variant="h6" component="h2">
        Availability
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!locked && (
          <FormControlLabel
            control={
              <Switch
                checked={value.is24x7}
                disabled={disabled}
                onChange={(e) => onChange(availabilityTransitions.set24x7(value, e.target.checked))}
              />
            }
            label="Available 24/7"
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={value.isTermTimeOnly}
              disabled={disabled}
              onChange={(e) => onChange(availabilityTransitions.setTermTimeOnly(value, e.target.checked))}
            />
          }
          label="Term Time Only"
        />
      </Stack>

      {locked ? (
        <Alert severity="info" role="note">
          {LOCKED_CABINET_NOTICE}
        </Alert>
      ) : (
        <>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Quick Apply
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                size="small"
                disabled={scheduleDisabled}
                onClick={() => onChange(availabilityTransitions.applyMondayToWeekdays(value))}
              >
                Apply Monday to all weekdays
              </Button>
              <Button
                variant="outlined"
                size="small"
                disabled={scheduleDisabled}
                onClick={() => onChange(availabilityTransitions.applySaturdayToSunday(value))}
              >
                Apply Saturday to Sunday
              </Button>
            </Stack>
          </Box>
          <Stack spacing={1} role="group" aria-label="Opening schedule">
            {WEEKDAYS.map((day) => {
              const hours = value[day];
              return (
                <Stack key={day} direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <FormControlLabel
                    sx={{ minWidth: 140 }}
                    control={
                      <Checkbox
                        checked={hours.isOpen}
                        disabled={scheduleDisabled}
                        onChange={() => onChange(availabilityTransitions.toggleDay(value, day))}
                      />
                    }
                    label={DAY_LABELS[day]}
                  />
                  <TimeSelect
                    label={`${DAY_LABELS[day]} opening time`}
                    value={hours.openTime}
                    disabled={scheduleDisabled || !hours.isOpen}
                    onChange={(t) => onChange(availabilityTransitions.setHours(value, day, 'openTime', t))}
                  />
                  <Typography variant="body2" aria-hidden>
                    to
                  </Typography>
                  <TimeSelect
                    label={`${DAY_LABELS[day]} closing time`}
                    value={hours.closeTime}
                    disabled={scheduleDisabled || !hours.isOpen}
                    onChange={(t) => onChange(availabilityTransitions.setHours(value, day, 'closeTime', t))}
                  />
                </Stack>
              );
            })}
          </Stack>
        </>
      )}

      <TextField
        label="Opening Hours (Legacy Format)"
        value={openingHoursText(value)}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Generated automatically from the schedule above."
        fullWidth
      />
    </Stack>
  );
}
