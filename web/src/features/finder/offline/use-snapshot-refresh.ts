import { useEffect } from 'react';
import { canKeepSnapshot, refreshSnapshot } from './snapshot-store';

/** Long enough for the page's own calls (config, stats, the first search) to go first on a weak signal. */
const AFTER_LOAD_MS = 2000;

/**
 * Keeps the offline snapshot current (at most one download a day, 304 when unchanged) once the page has settled,
 * and again when the connection comes back. Not on a data-saver connection, and only where an offline copy can be
 * used.
 */
export function useSnapshotRefresh(): void {
  useEffect(() => {
    if (!canKeepSnapshot()) return;
    if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
    const refresh = () => {
      if (navigator.onLine) void refreshSnapshot();
    };
    const timer = setTimeout(refresh, AFTER_LOAD_MS);
    window.addEventListener('online', refresh);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', refresh);
    };
  }, []);
}
