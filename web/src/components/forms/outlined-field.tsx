import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useId, type ChangeEventHandler, type InputHTMLAttributes } from 'react';

export type OutlinedFieldProps = {
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  placeholder?: string;
  size?: 'small' | 'medium';
  /** Attributes of the <input> itself (TextField's slotProps.htmlInput). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  sx?: SxProps<Theme>;
};

/**
 * A full-width outlined text field drawn as MUI's TextField draws one (FormControl, InputLabel and OutlinedInput, with
 * the same elements, ids and classes: outlined-field.spec.tsx compares the two), for the home page's first download.
 * TextField imports its select mode whether a field uses it or not, and with it Select, Menu, Popover and the other
 * input variants; the finder's search fields need none of them. Forms on other pages use TextField.
 */
/** TextField's own root: a FormControl named MuiTextField, so the theme's MuiTextField overrides reach it as well. */
const FieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export function OutlinedField({ label, value, onChange, placeholder, size, htmlInput, sx }: OutlinedFieldProps) {
  const id = useId();
  return (
    <FieldRoot className="MuiTextField-root" fullWidth size={size} variant="outlined" sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} value={value} onChange={onChange} placeholder={placeholder} fullWidth inputProps={htmlInput} />
    </FieldRoot>
  );
}
