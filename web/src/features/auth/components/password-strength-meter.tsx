import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrength } from '@bleedkits/contracts';

const COLOUR = { Weak: 'error', Medium: 'warning', Strong: 'success' } as const;

/** Live meter over the five sign-up checks (length, lower, upper, number, special). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { ratio, label } = passwordStrength(password);
  return (
    <Box aria-live="polite" sx={{ mt: -1 }}>
      <LinearProgress
        variant="determinate"
        value={ratio * 100}
        color={COLOUR[label]}
        aria-label="Password strength"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="password-strength">
        Password strength: <strong>{label}</strong>
      </Typography>
    </Box>
  );
}
