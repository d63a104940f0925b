import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule, NatsBusModule } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from './config/env';
import { contextMigrations } from './database/migrations';
import { KitRepository } from './database/kit.repository';
import { KitChangedPublisher } from './events/kit-changed.publisher';
import { KitViews } from './queries/kit-views';
import { RegisterKitHandler } from './commands/register-kit/register-kit.handler';
import { RegisterKitMessageController } from './commands/register-kit/register-kit.message-controller';
import { EditKitHandler } from './commands/edit-kit/edit-kit.handler';
import { EditKitMessageController } from './commands/edit-kit/edit-kit.message-controller';
import { SetDeploymentStatusHandler } from './commands/set-deployment-status/set-deployment-status.handler';
import { SetDeploymentStatusMessageController } from './commands/set-deployment-status/set-deployment-status.message-controller';
import { DeleteKitHandler } from './commands/delete-kit/delete-kit.handler';
import { DeleteKitMessageController } from './commands/delete-kit/delete-kit.message-controller';
import { ChangeKitStatusHandler } from './commands/change-kit-status/change-kit-status.handler';
import { ChangeKitStatusMessageController } from './commands/change-kit-status/change-kit-status.message-controller';
import { SeedDemoKitsHandler } from './commands/seed-demo-kits/seed-demo-kits.handler';
import { GetKitMessageController } from './queries/get-kit/get-kit.message-controller';
import { ListOwnerKitsMessageController } from './queries/list-owner-kits/list-owner-kits.message-controller';
import { KitChangesMessageController } from './queries/kit-changes/kit-changes.message-controller';
import { PublicKitChangesMessageController } from './queries/kit-changes/public-kit-changes.message-controller';
import { CountByOwnerMessageController } from './queries/count-by-owner/count-by-owner.message-controller';
import { ListManufacturersMessageController } from './queries/list-manufacturers/list-manufacturers.message-controller';
import { AdminKitsMessageController } from './queries/admin-kits/admin-kits.message-controller';
import { StatisticsMessageController } from './queries/statistics/statistics.message-controller';
import { ChangeKitStatusToMessageController } from './commands/change-kit-status/change-kit-status-to.message-controller';
import { BulkApproveHandler } from './commands/bulk-approve/bulk-approve.handler';
import { BulkApproveMessageController } from './commands/bulk-approve/bulk-approve.message-controller';
import { ReassignKitMessageController } from './commands/reassign-kit/reassign-kit.message-controller';
import { ManageManufacturersMessageController } from './commands/manage-manufacturers/manage-manufacturers.message-controller';
import { DownloadApprovedKitsMessageController } from './commands/download-approved-kits/download-approved-kits.message-controller';
import { MaintenanceMessageController } from './commands/maintenance/maintenance.message-controller';
import { ManufacturerRepository } from './database/manufacturer.repository';
import { SqlViewportBaselineMessageController } from './queries/sql-viewport-baseline/sql-viewport-baseline.message-controller';
import { FallbackReverseGeocoder, ReverseGeocoder } from './geocoding/reverse-geocoder';

/** Kit register: lifecycle, owners, manufacturers, exports, statistics, the revision change feed. */
@Module({})
export class KitsModule {
  static forRoot(env: KitsEnv): DynamicModule {
    return {
      module: KitsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'kits', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'kits-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('kits'),
      ],
      controllers: [
        RegisterKitMessageController,
        EditKitMessageController,
        SetDeploymentStatusMessageController,
        DeleteKitMessageController,
        ChangeKitStatusMessageController,
        GetKitMessageController,
        ListOwnerKitsMessageController,
        KitChangesMessageController,
        PublicKitChangesMessageController,
        CountByOwnerMessageController,
        ListManufacturersMessageController,
        AdminKitsMessageController,
        StatisticsMessageController,
        ChangeKitStatusToMessageController,
        BulkApproveMessageController,
        ReassignKitMessageController,
        ManageManufacturersMessageController,
        DownloadApprovedKitsMessageController,
        MaintenanceMessageController,
        SqlViewportBaselineMessageController,
      ],
      providers: [
        { provide: KITS_ENV, useValue: env },
        KitRepository,
        KitChangedPublisher,
        KitViews,
        RegisterKitHandler,
        EditKitHandler,
        SetDeploymentStatusHandler,
        DeleteKitHandler,
        ChangeKitStatusHandler,
        SeedDemoKitsHandler,
        BulkApproveHandler,
        ManufacturerRepository,
        { provide: ReverseGeocoder, useClass: FallbackReverseGeocoder },
      ],
    };
  }
}
