import { type DynamicModule, Module } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { Clock, DatabaseModule, HealthModule, NatsBusModule, QueueModule, SystemClock, withWireListeners } from '@bleedkits/platform';
import { VERIFICATION_ENV, type VerificationEnv } from './config/env';
import { ReminderRunFactsHandler } from './queries/status-facts/status-facts.handler';
import { ReminderRunStatusRepository } from './database/reminder-run-status.repository';
import { contextMigrations } from './database/migrations';
import { ProjectionRepository } from './database/projection.repository';
import { EmailRecordRepository } from './database/email-record.repository';
import { KitFeedFollower } from './projection/kit-feed-follower';
import { EmailOutbox } from './providers/email-outbox/email-outbox.port';
import { NatsEmailOutbox } from './providers/email-outbox/nats-email-outbox';
import { ReportPageHandler } from './queries/reports/report-page.handler';
import { TestEmailHandler } from './commands/test-email/test-email.handler';
import { ReminderRunHandler } from './commands/run-reminders/reminder-run.handler';
import { RunRemindersHandler } from './commands/run-reminders/run-reminders.handler';
import { ReminderRunRepository } from './database/reminder-run.repository';
import { ReminderRunsHandler } from './queries/reminder-runs/reminder-runs.handler';
import { ReminderRunStatusHandler } from './queries/reminder-run-status/reminder-run-status.handler';
import { AdminDigestHandler } from './commands/admin-digest/admin-digest.handler';
import { RestockNoticeHandler } from './commands/restock-notice/restock-notice.handler';
import { VerificationRemindersWorker } from './jobs/verification-reminders.worker';
import { ReminderSchedules } from './schedules/reminder-schedules';

/** 6-monthly verification: its projection of active kits, reports, reminder runs, the admin digest, restock e-mails. */
@Module({})
export class VerificationModule {
  static forRoot(env: VerificationEnv, options: { clock?: Clock } = {}): DynamicModule {
    return withWireListeners({
      module: VerificationModule,
      imports: [
        DatabaseModule.forContext({ schema: 'verification', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'verification-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('verification'),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.verificationReminders),
      ],
      providers: [
        { provide: VERIFICATION_ENV, useValue: env },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: EmailOutbox, useClass: NatsEmailOutbox },
        ProjectionRepository,
        EmailRecordRepository,
        ReminderRunStatusRepository,
        KitFeedFollower,
        ReportPageHandler,
        TestEmailHandler,
        ReminderRunHandler,
        RunRemindersHandler,
        ReminderRunRepository,
        ReminderRunsHandler,
        ReminderRunStatusHandler,
        ReminderRunFactsHandler,
        AdminDigestHandler,
        RestockNoticeHandler,
        VerificationRemindersWorker,
        ReminderSchedules,
      ],
    });
  }
}
