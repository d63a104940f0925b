import { BackupMessages } from '@bleedkits/contracts';
import { ADMIN_PERMISSION_MESSAGE } from '@/components/admin-only-page';

/** The page's own words; the spec's messages come from contracts (BackupMessages). */
export const BACKUP_TEXTS = {
  title: 'Database Backup Management',
  permission: ADMIN_PERMISSION_MESSAGE,
  loadFailed: BackupMessages.loadFailed,
  noHistory: BackupMessages.noHistory,
  tabs: { history: 'Backup History', setup: 'Dropbox Setup' },
  backupNow: 'Backup Now',
  startingBackup: 'Starting backup...',
  inProgress: 'A backup is in progress. The history updates when it finishes.',
  configure: 'Configure Dropbox',
  configuring: 'Configuring...',
  tokenLabel: 'Dropbox Access Token',
} as const;
