import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type SelectOption = { readonly value: string | number; readonly label: string };

/**
 * A labelled native select (the register's forms use the browser's own list: keyboard and screen-reader friendly on
 * every device) over value/label options, e.g. the enums' options from contracts.
 */
export function OptionSelect({ options, slotProps, ...props }: Omit<TextFieldProps, 'select' | 'children'> & { options: readonly SelectOption[] }) {
  return (
    <TextField select {...props} slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
