import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FINDER } from '@bleedkits/contracts';
import { useKitStatsQuery } from '../api';
import { useCountUp } from '../hooks/use-count-up';
import { visuallyHidden } from '@/components/visually-hidden';

/** The registered-kit counter: counts up once, then follows the 60 s poll. Hidden until the first answer. */
export function KitCounter({ pollingInterval = FINDER.statsPollMs }: { pollingInterval?: number }) {
  const { data } = useKitStatsQuery(undefined, { pollingInterval });
  const total = typeof data?.totalKits === 'number' && Number.isFinite(data.totalKits) ? Math.max(0, Math.round(data.totalKits)) : undefined;
  const shown = useCountUp(total);
  if (total === undefined || shown === undefined) return null;
  return (
    <Box sx={{ textAlign: 'center', py: 3 }}>
      <Typography
        component="p"
        variant="h3"
        color="primary"
        sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
        aria-hidden="true"
        data-testid="kit-counter-value"
      >
        {shown.toLocaleString('en-GB')}
      </Typography>
      <Typography component="p" variant="subtitle1" color="text.secondary" aria-hidden="true">
        registered bleed kits
      </Typography>
      {/* Screen readers hear the final number once, not every step of the count-up. */}
      <Box component="span" sx={visuallyHidden} role="status">
        {`${total.toLocaleString('en-GB')} registered bleed kits`}
      </Box>
    </Box>
  );
}
