import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { theme } from '@/app/theme';
import { OutlinedField } from './outlined-field';

/** The markup without React's generated ids, which differ between two renders by design. */
function markup(container: HTMLElement): string {
  const ids = new Map<string, string>();
  return container.innerHTML.replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:|«r[0-9a-z]+»/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id) as string;
  });
}

describe('OutlinedField', () => {
  it('draws the elements, attributes and classes of an outlined TextField', () => {
    const htmlInput = { autoComplete: 'postal-code', enterKeyHint: 'search' } as const;
    const sx = { '& .MuiInputBase-root': { minHeight: 44 } };
    const field = render(
      <ThemeProvider theme={theme}>
        <OutlinedField label="Postcode" placeholder="M1 1AE" size="small" value="" onChange={() => undefined} htmlInput={htmlInput} sx={sx} />
      </ThemeProvider>,
    );
    const textField = render(
      <ThemeProvider theme={theme}>
        <TextField label="Postcode" placeholder="M1 1AE" size="small" value="" onChange={() => undefined} slotProps={{ htmlInput }} sx={sx} />
      </ThemeProvider>,
    );
    expect(markup(field.container)).toBe(markup(textField.container));
  });

  it('is labelled, and reports what is typed', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return <OutlinedField label="what3words address" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Controlled />);
    await userEvent.setup().type(screen.getByLabelText('what3words address'), 'filled.count.soap');
    expect(screen.getByLabelText('what3words address')).toHaveValue('filled.count.soap');
  });
});
