import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { abbreviateCount, formatDistanceKm } from '@bleedkits/contracts';
import type { FinderResults } from '../hooks/use-finder-results';
import { addressLine, directionsUrl, displayStatus, pinColour } from '../lib/kit-view';
import { PinDot } from './pin-legend';

/** Rows rendered at a time: a viewport answer can hold up to 1000 kits. */
export const RESULTS_PAGE = 50;

const CHIP_COLOUR = { green: 'success', orange: 'warning', red: 'error' } as const;

function heading(results: FinderResults, total: number): string {
  const count = `${abbreviateCount(total)} ${total === 1 ? 'kit' : 'kits'}`;
  if (results.source === 'area') return `${count} in this area`;
  return `${count} near ${results.label ?? 'this location'}`;
}

export function ResultsList({ results, hasMap }: { results: FinderResults; hasMap: boolean }) {
  const [shown, setShown] = useState(RESULTS_PAGE);
  const { kits, clusters } = results;
  const total = kits.length + clusters.reduce((n, c) => n + c.count, 0);

  if (results.source === 'area' && total === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {hasMap
          ? 'No kits in this part of the map. Zoom out, or search by postcode, address or what3words.'
          : 'Search by postcode, address or what3words, or use Find Kits Near Me, to list the nearest kits.'}
      </Typography>
    );
  }

  return (
    <Box component="section" aria-labelledby="finder-results-title">
      <Typography id="finder-results-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {heading(results, total)}
      </Typography>
      {kits.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {results.source === 'area' ? 'Zoom in on the map to see individual kits.' : 'No bleed kits were found near this location.'}
        </Typography>
      ) : (
        <Stack component="ol" aria-label="Bleed kits" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {kits.slice(0, shown).map((kit) => {
            const status = displayStatus(kit);
            const route = directionsUrl(kit);
            return (
              <Box component="li" key={kit.id} data-testid="finder-result" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <PinDot colour={pinColour(kit)} />
                    <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
                      {kit.locationName}
                    </Typography>
                  </Stack>
                  {kit.distance !== null && (
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
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
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" label={status.label} color={CHIP_COLOUR[status.colour]} variant="outlined" />
                  {kit.openingHours && (
                    <Typography variant="caption" color="text.secondary">
                      {kit.openingHours}
                    </Typography>
                  )}
                  {route && (
                    <Link href={route} target="_blank" rel="noopener noreferrer" variant="caption">
                      Directions
                    </Link>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      {kits.length > shown && (
        <Button size="small" onClick={() => setShown((n) => n + RESULTS_PAGE)} sx={{ mt: 1 }}>
          {`Show more (${abbreviateCount(kits.length - shown)} more)`}
        </Button>
      )}
    </Box>
  );
}
