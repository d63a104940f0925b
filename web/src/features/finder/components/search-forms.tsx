import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import SearchIcon from '@mui/icons-material/Search';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { OutlinedField } from '@/components/forms/outlined-field';
import type { FinderBusy } from '../hooks/use-finder-search';

type Props = {
  busy: FinderBusy;
  initialLocation?: string;
  onSearch: (text: string) => void;
  onWhat3words: (words: string) => void;
  onNearMe: () => void;
};

const spinner = <CircularProgress size={18} color="inherit" />;
/** Thumb-sized controls on a phone (44 px, WCAG 2.5.5). */
const TOUCH = { minHeight: 44, minWidth: 44 } as const;
const FIELD = { '& .MuiInputBase-root': { minHeight: 44 } } as const;

/** Blank input is allowed through on purpose: the search hook answers it with the spec's toast. */
export function SearchForms({ busy, initialLocation = '', onSearch, onWhat3words, onNearMe }: Props) {
  const [location, setLocation] = useState(initialLocation);
  const [words, setWords] = useState('');

  const submit = (handler: (v: string) => void, value: string) => (e: FormEvent) => {
    e.preventDefault();
    handler(value);
  };

  return (
    <Stack spacing={2}>
      <Button
        variant="contained"
        size="large"
        startIcon={busy === 'nearMe' ? spinner : <MyLocationIcon />}
        onClick={onNearMe}
        disabled={busy === 'nearMe'}
        fullWidth
        sx={{ minHeight: 48 }}
      >
        Find Kits Near Me
      </Button>
      <Stack component="form" role="search" aria-label="Search by place" direction="row" spacing={1} onSubmit={submit(onSearch, location)} noValidate>
        <OutlinedField
          label="Postcode, address or location"
          size="small"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          htmlInput={{ autoComplete: 'postal-code', enterKeyHint: 'search' }}
          sx={FIELD}
        />
        <Button type="submit" variant="outlined" disabled={busy === 'search'} startIcon={busy === 'search' ? spinner : <SearchIcon />} sx={TOUCH}>
          Search
        </Button>
      </Stack>
      <Stack
        component="form"
        role="search"
        aria-label="Search by what3words"
        direction="row"
        spacing={1}
        onSubmit={submit(onWhat3words, words)}
        noValidate
      >
        <OutlinedField
          label="what3words address"
          placeholder="///filled.count.soap"
          size="small"
          value={words}
          onChange={(e) => setWords(e.target.value)}
          htmlInput={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, enterKeyHint: 'search' }}
          sx={FIELD}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={busy === 'what3words'}
          startIcon={busy === 'what3words' ? spinner : <SearchIcon />}
          aria-label="Search what3words"
          sx={TOUCH}
        >
          Go
        </Button>
      </Stack>
    </Stack>
  );
}
