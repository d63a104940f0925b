import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Loading and failure for a console list; renders the children once the data is there. */
export function QueryState({ isLoading, isError, what, children }: { isLoading: boolean; isError: boolean; what: string; children: ReactNode }) {
  if (isLoading) {
    return (
      <Stack direction="row" spacing={2} sx={{ py: 4, alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>Loading {what}...</Typography>
      </Stack>
    );
  }
  if (isError) return <Alert severity="error">Failed to load {what}. Please try again.</Alert>;
  return <>{children}</>;
}
