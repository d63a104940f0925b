import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DirectionsIcon from '@mui/icons-material/Directions';
import { abbreviateCount, formatDistanceKm } from '../lib/format';
import { visuallyHidden } from '@/components/visually-hidden';
import type { FinderResults } from '../hooks/use-finder-results';
import { useResultRows, type ResultRow } from '../hooks/use-result-rows';
import { addressLine, directionsLink, displayStatus, pinColour, what3wordsAddress } from '../lib/kit-view';
import { isOpenNow, openStateLabel } from '../lib/open-now';
import { offlineNotice } from '../lib/offline-notice';
import { PinDot } from './pin-legend';
import { isAreaWithoutKits, ResultsPrompt } from './results-prompt';

/** Rows rendered at a time: a viewport answer can hold up to 1000 kits. */
export const RESULTS_PAGE = 50;
export const OPEN_NOW_FILTER_LABEL = 'Open now only';

const CHIP_COLOUR = { green: 'success', orange: 'warning', red: 'error' } as const;
/** Comfortable for a thumb (WCAG 2.5.5's 44 px). */
const TOUCH = 44;

function heading(results: FinderResults, total: number, openOnly: boolean): string {
  const count = `${abbreviateCount(total)} ${total === 1 ? 'kit' : 'kits'}${openOnly ? ' open now' : ''}`;
  if (results.source === 'area') return `${count} in this area`;
  return `${count} near ${results.label ?? 'this location'}`;
}

type Props = {
  results: FinderResults;
  hasMap: boolean;
  now: Date;
  openOnly: boolean;
  onOpenOnlyChange: (on: boolean) => void;
};

export function ResultsList({ results, hasMap, now, openOnly, onOpenOnlyChange }: Props) {
  const [shown, setShown] = useState(RESULTS_PAGE);
  const rows = useResultRows(results.kits, now, openOnly);
  const { clusters } = results;
  const total = openOnly ? rows.length : results.kits.length + clusters.reduce((n, c) => n + c.count, 0);
  const notice = results.offlineAsOf ? (
    <Alert severity="info" role="status" sx={{ mb: 1 }}>
      {offlineNotice(results.offlineAsOf)}
    </Alert>
  ) : null;

  if (isAreaWithoutKits(results)) return <ResultsPrompt hasMap={hasMap} />;

  return (
    <Box component="section" aria-labelledby="finder-results-title">
      {notice}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mb: 1 }}>
        <Typography id="finder-results-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {heading(results, total, openOnly)}
        </Typography>
        {results.kits.length > 0 && (
          <FormControlLabel
            sx={{ minHeight: TOUCH, mr: 0 }}
            control={<Switch checked={openOnly} onChange={(e) => onOpenOnlyChange(e.target.checked)} />}
            label={OPEN_NOW_FILTER_LABEL}
          />
        )}
      </Stack>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {openOnly && results.kits.length > 0
            ? 'None of these kits is known to be open now. Turn off "Open now only" to see them all.'
            : results.source === 'area'
              ? 'Zoom in on the map to see individual kits.'
              : 'No bleed kits were found near this location.'}
        </Typography>
      ) : (
        <Stack component="ol" aria-label="Bleed kits" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.slice(0, shown).map((row) => (
            <ResultRowItem key={row.kit.id} row={row} />
          ))}
        </Stack>
      )}
      {rows.length > shown && (
        <Button onClick={() => setShown((n) => n + RESULTS_PAGE)} sx={{ mt: 1, minHeight: TOUCH }}>
          {`Show more (${abbreviateCount(rows.length - shown)} more)`}
        </Button>
      )}
    </Box>
  );
}

function ResultRowItem({ row: { kit, open } }: { row: ResultRow }) {
  const status = displayStatus(kit);
  const route = directionsLink(kit);
  const openLabel = openStateLabel(open);
  const words = what3wordsAddress(kit);
  const hours = kit.openingHours ?? kit.availability;
  return (
    <Box component="li" data-testid="finder-result" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <PinDot colour={pinColour(kit)} />
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {kit.locationName}
          </Typography>
        </Stack>
        {kit.distance !== null && (
          <Typography variant="body2" data-testid="distance" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatDistanceKm(kit.distance)} km
          </Typography>
        )}
      </Stack>
      {addressLine(kit) && <Typography variant="body2">{addressLine(kit)}</Typography>}
      {kit.detailedLocation && (
        <Typography variant="body2" color="text.secondary">
          {kit.detailedLocation}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={status.label} color={CHIP_COLOUR[status.colour]} variant="outlined" />
        {openLabel && (
          <Chip
            size="small"
            data-testid="open-now"
            label={openLabel}
            color={isOpenNow(open) ? 'success' : 'default'}
            variant={isOpenNow(open) ? 'filled' : 'outlined'}
          />
        )}
        {hours && (
          <Typography variant="caption" color="text.secondary">
            {hours}
          </Typography>
        )}
      </Stack>
      {words && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Box component="span" sx={visuallyHidden}>
            what3words address:{' '}
          </Box>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {words}
          </Box>
        </Typography>
      )}
      {route && (
        <Button
          href={route.href}
          {...(route.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          variant="outlined"
          size="small"
          startIcon={<DirectionsIcon />}
          sx={{ mt: 1, minHeight: TOUCH }}
        >
          Directions
          <Box component="span" sx={visuallyHidden}>
            {` to ${kit.locationName}${route.external ? ' (opens in a new tab)' : ''}`}
          </Box>
        </Button>
      )}
    </Box>
  );
}
