import { useEffect } from 'react';
import { canKeepSnapshot, loadOfflineKits, refreshSnapshot } from './snapshot-store';

/** Long enough for the page's own calls (config, stats, the first search) to go first on a weak signal. */
const AFTER_LOAD_MS = 2000;

/**
 * Keeps the offline snapshot current (at most one download a day, 304 when unchanged) once the page has settled,
 * and again when the connection comes back. Not on a data-saver connection, and only where an offline copy can be
 * used. When the page starts, or goes, offline it reads the stored copy ahead (once per download), so the first
 * search answers from it without waiting for tens of thousands of kits to be parsed.
 */
export function useSnapshotRefresh(): void {
  useEffect(() => {
    if (!canKeepSnapshot()) return;
    const readAhead = () => void loadOfflineKits();
    if (!navigator.onLine) readAhead();
    window.addEventListener('offline', readAhead);
    return () => window.removeEventListener('offline', readAhead);
  }, []);
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
