import Typography from '@mui/material/Typography';
import type { FinderResults } from '../hooks/use-finder-results';

/** Nothing to list yet: the map's area holds no kit, or there is no map and no search has been made. */
export function isAreaWithoutKits(results: FinderResults): boolean {
  return results.source === 'area' && results.kits.length === 0 && results.clusters.length === 0;
}

/** What the list's place says before there is anything to list (in the home page's first download). */
export function ResultsPrompt({ hasMap }: { hasMap: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {hasMap
        ? 'No kits in this part of the map. Zoom out, or search by postcode, address or what3words.'
        : 'Search by postcode, address or what3words, or use Find Kits Near Me, to list the nearest kits.'}
    </Typography>
  );
}
