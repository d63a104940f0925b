import { type DynamicModule, Module } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { Clock, DatabaseModule, HealthModule, NatsBusModule, QueueModule, SystemClock, withWireListeners } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from './config/env';
import { contextMigrations } from './database/migrations';
import { KitRepository } from './database/kit.repository';
import { KitPurgeAuditEntriesHandler } from './commands/purge-audit-entries/purge-audit-entries.handler';
import { KitAuditRetentionSchedule } from './schedules/audit-retention-schedule';
import { KitAuditRetentionWorker } from './jobs/audit-retention.worker';
import { KitAuditTrail } from './database/kit-audit-trail';
import { KitAuditPageHandler } from './queries/audit-page/audit-page.handler';
import { KitChangedPublisher } from './events/kit-changed.publisher';
import { KitViews } from './queries/kit-views';
import { RegisterKitHandler } from './commands/register-kit/register-kit.handler';
import { EditKitHandler } from './commands/edit-kit/edit-kit.handler';
import { SetDeploymentStatusHandler } from './commands/set-deployment-status/set-deployment-status.handler';
import { DeleteKitHandler } from './commands/delete-kit/delete-kit.handler';
import { ChangeKitStatusHandler } from './commands/change-kit-status/change-kit-status.handler';
import { SeedDemoKitsHandler } from './commands/seed-demo-kits/seed-demo-kits.handler';
import { GetKitHandler } from './queries/get-kit/get-kit.handler';
import { ListOwnerKitsHandler } from './queries/list-owner-kits/list-owner-kits.handler';
import { KitChangesHandler } from './queries/kit-changes/kit-changes.handler';
import { PublicKitChangesHandler } from './queries/kit-changes/public-kit-changes.handler';
import { CountByOwnerHandler } from './queries/count-by-owner/count-by-owner.handler';
import { ListManufacturersHandler } from './queries/list-manufacturers/list-manufacturers.handler';
import { AdminKitsHandler } from './queries/admin-kits/admin-kits.handler';
import { FeedAccessLogHandler } from './queries/feed-access-log/feed-access-log.handler';
import { BulkApproveHandler } from './commands/bulk-approve/bulk-approve.handler';
import { MaintenanceHandler } from './commands/maintenance/maintenance.handler';
import { ManageManufacturersHandler } from './commands/manage-manufacturers/manage-manufacturers.handler';
import { ReassignKitHandler } from './commands/reassign-kit/reassign-kit.handler';
import { ManufacturerRepository } from './database/manufacturer.repository';
import { FallbackReverseGeocoder, ReverseGeocoder } from './geocoding/reverse-geocoder';
import { VerifyKitHandler } from './commands/verify-kit/verify-kit.handler';
import { BulkUpdateVerificationDatesHandler } from './commands/bulk-update-verification-dates/bulk-update-verification-dates.handler';
import { IdempotencyKeyRepository } from './database/idempotency-key.repository';
import { RegisterKitsBatchHandler } from './commands/register-kits-batch/register-kits-batch.handler';
import { UpdateIfUnchangedHandler } from './commands/update-if-unchanged/update-if-unchanged.handler';
import { FeedStatusFactsHandler } from './queries/feed-status-facts/feed-status-facts.handler';
import { StatisticsHandler } from './queries/statistics/statistics.handler';
import { SqlViewportBaselineHandler } from './queries/sql-viewport-baseline/sql-viewport-baseline.handler';
import { MatchForComparisonHandler } from './queries/match-for-comparison/match-for-comparison.handler';
import { PostcodePlacesHandler } from './queries/postcode-places/postcode-places.handler';
import { KitStatisticsRepository } from './database/kit-statistics.repository';
import { SqlViewportBaselineRepository } from './database/sql-viewport-baseline.repository';
import { ComparisonCandidatesRepository } from './database/comparison-candidates.repository';
import { RegisterGazetteerRepository } from './database/register-gazetteer.repository';
import { AmbulanceFeedRepository } from './database/ambulance-feed.repository';
import { DownloadApprovedKitsHandler } from './commands/download-approved-kits/download-approved-kits.handler';
import { AmbulanceFeedHandler } from './queries/ambulance-feed/ambulance-feed.handler';
import { FeedClientAuth } from './queries/ambulance-feed/feed-client-auth';
import { ManageFeedClientsHandler } from './commands/manage-feed-clients/manage-feed-clients.handler';
import { CodeDisclosedHandler } from './commands/code-disclosed/code-disclosed.handler';
import { FeedPushRepository } from './database/feed-push.repository';
import { DeliverFeedPushHandler } from './commands/deliver-feed-push/deliver-feed-push.handler';
import { SweepFeedPushHandler } from './commands/sweep-feed-push/sweep-feed-push.handler';
import { ManageFeedPushHandler } from './commands/manage-feed-push/manage-feed-push.handler';
import { FeedPushStatusHandler } from './queries/feed-push-status/feed-push-status.handler';
import { FeedPushWorker } from './jobs/feed-push.worker';
import { FeedPushSweepWorker } from './jobs/feed-push-sweep.worker';
import { FeedPushSweepSchedule } from './schedules/feed-push-sweep-schedule';
import { WebhookSender } from './providers/webhook-sender/webhook-sender.port';
import { HttpWebhookSender } from './providers/webhook-sender/http-webhook-sender';

/** Kit register: lifecycle, owners, manufacturers, exports, statistics, the revision change feed. */
@Module({})
export class KitsModule {
  /** `clock`: the time push retries, pauses and secret overlaps are reckoned in (a test moves it). */
  static forRoot(env: KitsEnv, options: { clock?: Clock } = {}): DynamicModule {
    return withWireListeners({
      module: KitsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'kits', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'kits-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('kits'),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.kitsAuditRetention, QueueNames.feedPush, QueueNames.feedPushSweep),
      ],
      providers: [
        KitStatisticsRepository,
        SqlViewportBaselineRepository,
        ComparisonCandidatesRepository,
        RegisterGazetteerRepository,
        StatisticsHandler,
        SqlViewportBaselineHandler,
        MatchForComparisonHandler,
        PostcodePlacesHandler,
        FeedStatusFactsHandler,
        { provide: KITS_ENV, useValue: env },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: WebhookSender, useClass: HttpWebhookSender },
        FeedPushRepository,
        DeliverFeedPushHandler,
        SweepFeedPushHandler,
        ManageFeedPushHandler,
        FeedPushStatusHandler,
        FeedPushWorker,
        FeedPushSweepWorker,
        FeedPushSweepSchedule,
        KitRepository,
        KitAuditTrail,
        KitPurgeAuditEntriesHandler,
        KitAuditRetentionSchedule,
        KitAuditRetentionWorker,
        KitAuditPageHandler,
        KitChangedPublisher,
        KitViews,
        RegisterKitHandler,
        EditKitHandler,
        SetDeploymentStatusHandler,
        DeleteKitHandler,
        ChangeKitStatusHandler,
        SeedDemoKitsHandler,
        BulkApproveHandler,
        MaintenanceHandler,
        ManageManufacturersHandler,
        ReassignKitHandler,
        ManufacturerRepository,
        { provide: ReverseGeocoder, useClass: FallbackReverseGeocoder },
        VerifyKitHandler,
        BulkUpdateVerificationDatesHandler,
        IdempotencyKeyRepository,
        RegisterKitsBatchHandler,
        UpdateIfUnchangedHandler,
        AmbulanceFeedRepository,
        FeedClientAuth,
        AmbulanceFeedHandler,
        DownloadApprovedKitsHandler,
        ManageFeedClientsHandler,
        CodeDisclosedHandler,
        GetKitHandler,
        ListOwnerKitsHandler,
        KitChangesHandler,
        PublicKitChangesHandler,
        CountByOwnerHandler,
        ListManufacturersHandler,
        AdminKitsHandler,
        FeedAccessLogHandler,
      ],
    });
  }
}
