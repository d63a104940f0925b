import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MapMessages } from '../messages';

/** Stands where the map would be: loading, not configured, or failed (with Try Again). */
export function MapNotice({ message, onRetry, busy = false }: { message: string; onRetry?: () => void; busy?: boolean }) {
  return (
    <Stack
      role={busy ? 'status' : 'note'}
      spacing={1.5}
      sx={{
        height: '100%',
        minHeight: 120,
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        p: 2,
        bgcolor: 'grey.100',
        color: 'text.secondary',
      }}
    >
      {busy && <CircularProgress size={24} aria-hidden />}
      <Typography variant="body2">{message}</Typography>
      {onRetry && (
        <Button variant="outlined" size="small" onClick={onRetry}>
          {MapMessages.tryAgain}
        </Button>
      )}
    </Stack>
  );
}
