import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { Store } from 'express-session';
import type { RedisClientType } from 'redis';
import { Clock, NatsBusModule, ProbesModule, SystemClock } from '@bleedkits/platform';
import { GATEWAY_ENV, type GatewayEnv } from './config/env';
import { HttpErrorFilter } from './errors/http-error.filter';
import { ClientRateLimitGuard } from './security/client-rate-limit.guard';
import { AccessGuard } from './security/guards';
import { RateLimiter } from './security/rate-limiter';
import { REDIS_CLIENT, SESSION_STORE } from './sessions/redis.provider';
import { SessionRegistry } from './sessions/session-registry';
import { SessionUsers } from './sessions/session-users';
import { HealthController } from './routes/health/health.controller';
import { VerificationController } from './routes/verification/verification.controller';
import { AuthController } from './routes/auth/auth.controller';
import { LoginThrottle } from './routes/auth/login-throttle';
import { LoginLocksController } from './routes/auth/login-locks.controller';
import { LoginRedirectController } from './routes/auth/login-redirect.controller';
import { UploadsWhereDeclaredGuard } from './security/request-bodies';
import { GoogleAuthController } from './routes/auth/google/google-auth.controller';
import { UserManagementController } from './routes/admin/user-management/user-management.controller';
import { KitsController } from './routes/kits/kits.controller';
import { FinderController } from './routes/finder/finder.controller';
// Before KitsController: GET /api/bleed-kits/template must not be read as a kit id.
import { ImportsController } from './routes/imports/imports.controller';
import { CsvComparisonController } from './routes/imports/csv-comparison.controller';
import { ConfigController } from './routes/config/config.controller';
import { AdminKitsController } from './routes/admin/kits/admin-kits.controller';
import { ManufacturersController } from './routes/admin/manufacturers/manufacturers.controller';
import { AdminToolsController } from './routes/admin/tools/admin-tools.controller';
import { StatsController } from './routes/stats/stats.controller';
import { ContactController } from './routes/notifications/contact.controller';
import { CustodianMailStopController } from './routes/notifications/custodian-mail-stop.controller';
import { EmailTemplatesController } from './routes/notifications/email-templates.controller';
import { ForgotPasswordController } from './routes/notifications/forgot-password.controller';
import { SqlBaselineController } from './routes/bench/sql-baseline.controller';
import { BackupsController } from './routes/admin/backups/backups.controller';
import { StatusController } from './routes/admin/status/status.controller';
import { AuditController } from './routes/admin/audit/audit.controller';
import { AmbulanceFeedController } from './routes/ambulance-feed/ambulance-feed.controller';
import { FeedClientsController } from './routes/ambulance-feed/feed-clients.controller';
import { FeedPushController } from './routes/ambulance-feed/feed-push.controller';
import { ApprovedDownloadAssembler } from './routes/ambulance-feed/approved-download';

@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnv, redis: RedisClientType, store: Store): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ProbesModule,
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: `gateway-${process.pid}`, requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
      ],
      controllers: [
        HealthController,
        VerificationController,
        AuthController,
        GoogleAuthController,
        UserManagementController,
        FinderController,
        ImportsController,
        CsvComparisonController,
        KitsController,
        ConfigController,
        AdminKitsController,
        ManufacturersController,
        AdminToolsController,
        StatsController,
        SqlBaselineController,
        AmbulanceFeedController,
        FeedClientsController,
        FeedPushController,
        ContactController,
        CustodianMailStopController,
        EmailTemplatesController,
        ForgotPasswordController,
        LoginLocksController,
        LoginRedirectController,
        BackupsController,
        StatusController,
        AuditController,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: REDIS_CLIENT, useValue: redis },
        { provide: SESSION_STORE, useValue: store },
        { provide: RateLimiter, useFactory: () => new RateLimiter(redis, env.REDIS_KEY_PREFIX) },
        { provide: SessionRegistry, useFactory: () => new SessionRegistry(redis, store, env.REDIS_KEY_PREFIX) },
        SessionUsers,
        ApprovedDownloadAssembler,
        // The status page judges facts at this time; its e2e spec moves it.
        { provide: Clock, useClass: SystemClock },
        LoginThrottle,
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        // Order matters: a file upload to a JSON route is refused (415) before anything else runs;
        // then the request counts against the client's budget before any other work.
        { provide: APP_GUARD, useClass: UploadsWhereDeclaredGuard },
        { provide: APP_GUARD, useClass: ClientRateLimitGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
