import { CreateBackupRuns1763800000000 } from './1763800000000-create-backup-runs';
import { DropboxConnection1764700000000 } from './1764700000000-dropbox-connection';
import { BackupsAuditEntries1764900300000 } from './1764900300000-backups-audit-entries';
import { BackupsAuditEntrySize1765000300000 } from './1765000300000-backups-audit-entry-size';

// Migrations of the backups schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations: (new () => unknown)[] = [
  CreateBackupRuns1763800000000,
  DropboxConnection1764700000000,
  BackupsAuditEntries1764900300000,
  BackupsAuditEntrySize1765000300000,
];
