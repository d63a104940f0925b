import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { DatabaseModule, HealthModule, NatsBusModule, QueueModule, withWireListeners } from '@bleedkits/platform';
import { NOTIFICATIONS_ENV, type NotificationsEnv } from './config/env';
import { contextMigrations } from './database/migrations';
import { OutboxRepository } from './database/outbox.repository';
import { NotificationsAuditTrail } from './database/notifications-audit-trail';
import { NotificationsAuditPageHandler } from './queries/audit-page/audit-page.handler';
import { NotificationsPurgeAuditEntriesHandler } from './commands/purge-audit-entries/purge-audit-entries.handler';
import { NotificationsAuditRetentionSchedule } from './schedules/audit-retention-schedule';
import { NotificationsAuditRetentionWorker } from './jobs/audit-retention.worker';
import { TemplateRepository } from './database/template.repository';
import { CustodianMailBlockRepository } from './database/custodian-mail-block.repository';
import { AdminInbox } from './commands/admin-inbox';
import { mailTransportProvider } from './providers/mail-transport/mail-transport.provider';
import { MailTransport } from './providers/mail-transport/mail-transport.port';
import { SendEmailHandler } from './commands/send-email/send-email.handler';
import { SubmitContactMessageHandler } from './commands/submit-contact-message/submit-contact-message.handler';
import { UpdateTemplateHandler } from './commands/update-template/update-template.handler';
import { SendTestEmailHandler } from './commands/send-test-email/send-test-email.handler';
import { StopCustodianMailHandler } from './commands/stop-custodian-mail/stop-custodian-mail.handler';
import { ListTemplatesHandler } from './queries/list-templates/list-templates.handler';
import { OutboxPageHandler } from './queries/outbox-page/outbox-page.handler';
import { MailStatusFactsHandler } from './queries/status-facts/status-facts.handler';
import { PreviewEmailHandler } from './queries/preview-email/preview-email.handler';
import { MailStatusRepository } from './database/mail-status.repository';
import { StatusAlertRepository } from './database/status-alert.repository';
import { SendStatusAlertsHandler } from './commands/send-status-alerts/send-status-alerts.handler';
import { StatusAlertsWorker } from './jobs/status-alerts.worker';
import { StatusAlertSchedule } from './schedules/status-alert-schedule';
import { EmailDeliveryWorker } from './jobs/email-delivery.worker';
import { BulkEmailDeliveryWorker } from './jobs/bulk-email-delivery.worker';
import { DeliveryQueues } from './jobs/delivery-queues';
import { DeliverEmailHandler } from './commands/deliver-email/deliver-email.handler';
import { OutboxBatchRepository } from './database/outbox-batch.repository';
import { BatchStatusHandler } from './queries/batch-status/batch-status.handler';
import { OutboxSweeper } from './schedules/outbox-sweeper';

/** Closes the SMTP transport's sockets when the service stops. */
class TransportCloser implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}

/** E-mail templates, the outbox and its delivery, contact messages. */
@Module({})
export class NotificationsModule {
  static forRoot(env: NotificationsEnv): DynamicModule {
    return withWireListeners({
      module: NotificationsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'notifications', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'notifications-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.statusAlerts),
        QueueModule.forQueues(QueueNames.notificationsAuditRetention),
        QueueModule.forQueues(QueueNames.emailDelivery, QueueNames.emailBulk),
        HealthModule.forContext('notifications'),
      ],
      providers: [
        { provide: NOTIFICATIONS_ENV, useValue: env },
        mailTransportProvider,
        TransportCloser,
        OutboxRepository,
        MailStatusRepository,
        StatusAlertRepository,
        SendStatusAlertsHandler,
        StatusAlertsWorker,
        StatusAlertSchedule,
        TemplateRepository,
        NotificationsAuditTrail,
        NotificationsAuditPageHandler,
        NotificationsPurgeAuditEntriesHandler,
        NotificationsAuditRetentionSchedule,
        NotificationsAuditRetentionWorker,
        SendEmailHandler,
        SubmitContactMessageHandler,
        UpdateTemplateHandler,
        SendTestEmailHandler,
        StopCustodianMailHandler,
        CustodianMailBlockRepository,
        AdminInbox,
        EmailDeliveryWorker,
        BulkEmailDeliveryWorker,
        DeliveryQueues,
        DeliverEmailHandler,
        OutboxBatchRepository,
        BatchStatusHandler,
        OutboxSweeper,
        ListTemplatesHandler,
        OutboxPageHandler,
        MailStatusFactsHandler,
        PreviewEmailHandler,
      ],
    });
  }
}
