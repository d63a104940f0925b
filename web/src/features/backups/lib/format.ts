import type { BackupRecord, BackupStatus, CloudCopyStatus } from '@bleedkits/contracts';

/** Bytes as the history shows them: 1 decimal from KB up (1 KB = 1024 bytes); '—' when unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A run's duration: '850 ms', '12.3 s', '4 min 05 s'; '—' while unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** dd/MM/yyyy HH:mm in UK time (the schedule runs on Europe/London); 'Never' when there is no date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'Never';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return 'Never';
  const d = new Date(t);
  const date = d.toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
  const time = d.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${date} ${time}`;
}

export const STATUS_LABELS: Record<BackupStatus, string> = { in_progress: 'In progress', success: 'Success', failed: 'Failed' };

export const CLOUD_COPY_LABELS: Record<CloudCopyStatus, string> = {
  local_only: 'Local only',
  pending: 'Uploading',
  uploaded: 'In Dropbox',
  failed: 'Upload failed',
};

export const typeLabel = (b: Pick<BackupRecord, 'isFullBackup'>) => (b.isFullBackup ? 'Full' : 'Incremental');
export const triggerLabel = (b: Pick<BackupRecord, 'isAutomatic'>) => (b.isAutomatic ? 'Scheduled' : 'Manual');
