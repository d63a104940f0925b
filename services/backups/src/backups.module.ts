import { type DynamicModule, Module } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { Clock, DatabaseModule, HealthModule, QueueModule, SystemClock, withWireListeners } from '@bleedkits/platform';
import { BACKUPS_ENV, type BackupsEnv } from './config/env';
import { contextMigrations } from './database/migrations';
import { BackupRunRepository } from './database/backup-run.repository';
import { DropboxConnectionRepository } from './database/dropbox-connection.repository';
import { DropboxAccess } from './dropbox-access';
import { DropboxAuthorization } from './providers/dropbox-auth/dropbox-authorization';
import { DropboxOAuthAuthorization } from './providers/dropbox-auth/dropbox-oauth-authorization';
import { ConnectDropboxHandler } from './commands/connect-dropbox/connect-dropbox.handler';
import { FinishDropboxConnectionHandler } from './commands/finish-dropbox-connection/finish-dropbox-connection.handler';
import { DisconnectDropboxHandler } from './commands/disconnect-dropbox/disconnect-dropbox.handler';
import { StatusFactsHandler } from './queries/status-facts/status-facts.handler';
import { BackupContext } from './backup-context';
import { CloudStorage } from './providers/cloud-storage/cloud-storage';
import { DropboxCloudStorage } from './providers/cloud-storage/dropbox-cloud-storage';
import { RunBackupHandler } from './commands/run-backup/run-backup.handler';
import { ApplyRetentionHandler } from './commands/apply-retention/apply-retention.handler';
import { CopyToCloudHandler } from './commands/copy-to-cloud/copy-to-cloud.handler';
import { StartManualBackupHandler } from './commands/start-manual-backup/start-manual-backup.handler';
import { ConfigureDropboxHandler } from './commands/configure-dropbox/configure-dropbox.handler';
import { ListBackupsHandler } from './queries/list-backups/list-backups.handler';
import { SecurityStatsHandler } from './queries/security-stats/security-stats.handler';
import { BackupsWorker } from './jobs/backups.worker';
import { BackupSchedules } from './schedules/backup-schedules';
import { BackupsAuditTrail } from './database/backups-audit-trail';
import { BackupsAuditPageHandler } from './queries/audit-page/audit-page.handler';
import { BackupsPurgeAuditEntriesHandler } from './commands/purge-audit-entries/purge-audit-entries.handler';
import { BackupsAuditRetentionSchedule } from './schedules/audit-retention-schedule';
import { BackupsAuditRetentionWorker } from './jobs/audit-retention.worker';

export type BackupsModuleOptions = {
  /** Tests run a simulated calendar. */
  clock?: Clock;
};

/** Scheduled encrypted database backups, retention, cloud copy (Dropbox), restore. */
@Module({})
export class BackupsModule {
  static forRoot(env: BackupsEnv, options: BackupsModuleOptions = {}): DynamicModule {
    return withWireListeners({
      module: BackupsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'backups', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('backups'),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.backups, QueueNames.backupsAuditRetention),
      ],
      controllers: [],
      providers: [
        { provide: BACKUPS_ENV, useValue: env },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        {
          provide: CloudStorage,
          useValue: new DropboxCloudStorage({
            apiUrl: env.DROPBOX_API_URL,
            contentUrl: env.DROPBOX_CONTENT_URL,
            chunkBytes: env.DROPBOX_UPLOAD_CHUNK_BYTES,
            timeoutMs: env.DROPBOX_TIMEOUT_MS,
          }),
        },
        {
          provide: DropboxAuthorization,
          useValue: new DropboxOAuthAuthorization({
            appKey: env.DROPBOX_APP_KEY,
            appSecret: env.DROPBOX_APP_SECRET,
            authorizeUrl: env.DROPBOX_AUTHORIZE_URL,
            apiUrl: env.DROPBOX_API_URL,
            timeoutMs: Math.min(env.DROPBOX_TIMEOUT_MS, 30_000),
          }),
        },
        BackupRunRepository,
        DropboxConnectionRepository,
        DropboxAccess,
        ConnectDropboxHandler,
        FinishDropboxConnectionHandler,
        DisconnectDropboxHandler,
        BackupContext,
        RunBackupHandler,
        ApplyRetentionHandler,
        CopyToCloudHandler,
        StartManualBackupHandler,
        ConfigureDropboxHandler,
        ListBackupsHandler,
        SecurityStatsHandler,
        StatusFactsHandler,
        BackupsWorker,
        BackupSchedules,
        BackupsAuditTrail,
        BackupsAuditPageHandler,
        BackupsPurgeAuditEntriesHandler,
        BackupsAuditRetentionSchedule,
        BackupsAuditRetentionWorker,
      ],
    });
  }
}
