import { type DynamicModule, Module } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { DatabaseModule, HealthModule, NatsBusModule, QueueModule, withWireListeners } from '@bleedkits/platform';
import { IDENTITY_ENV, type IdentityEnv } from './config/env';
import { EmailChangeRecord, PasswordResetTokenRecord, UserRecord } from './database/user.orm-entity';
import { UserRepository } from './database/user.repository';
import { IdentityPurgeAuditEntriesHandler } from './commands/purge-audit-entries/purge-audit-entries.handler';
import { IdentityAuditRetentionSchedule } from './schedules/audit-retention-schedule';
import { IdentityAuditRetentionWorker } from './jobs/audit-retention.worker';
import { IdentityAuditTrail } from './database/identity-audit-trail';
import { IdentityAuditEntries1764900200000 } from './database/migrations/1764900200000-identity-audit-entries';
import { IdentityAuditEntrySize1765000300000 } from './database/migrations/1765000300000-identity-audit-entry-size';
import { IdentityAuditPageHandler } from './queries/audit-page/audit-page.handler';
import { CreateUsers1763700000000 } from './database/migrations/1763700000000-create-users';
import { CreateEmailChanges1764200000000 } from './database/migrations/1764200000000-create-email-changes';
import { PasswordHasher } from './passwords/password-hasher';
import { OutboxPasswordResetMailer, PasswordResetMailer } from './mail/password-reset-mailer';
import { EmailChangeMailer, OutboxEmailChangeMailer } from './mail/email-change-mailer';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change/confirm-email-change.handler';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler';
import { AdminEmailsHandler } from './queries/admin-emails/admin-emails.handler';
import { RegisterUserHandler } from './commands/register-user/register-user.handler';
import { LogInHandler } from './commands/log-in/log-in.handler';
import { SignInWithGoogleHandler } from './commands/sign-in-with-google/sign-in-with-google.handler';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { ToggleRoleHandler } from './commands/toggle-role/toggle-role.handler';
import { SendPasswordResetHandler } from './commands/send-password-reset/send-password-reset.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler';
import { EnsureAdminHandler } from './commands/ensure-admin/ensure-admin.handler';
import { ListUsersHandler } from './queries/list-users/list-users.handler';
import { GetUserHandler } from './queries/get-user/get-user.handler';
import { UserEmailsHandler } from './queries/user-emails/user-emails.handler';

@Module({})
export class IdentityModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return withWireListeners({
      module: IdentityModule,
      imports: [
        DatabaseModule.forContext({
          schema: 'identity',
          databaseUrl: env.DATABASE_URL,
          entities: [UserRecord, PasswordResetTokenRecord, EmailChangeRecord],
          migrations: [
            CreateUsers1763700000000,
            CreateEmailChanges1764200000000,
            IdentityAuditEntries1764900200000,
            IdentityAuditEntrySize1765000300000,
          ],
        }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'identity-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('identity'),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.identityAuditRetention),
      ],
      providers: [
        AdminEmailsHandler,
        { provide: IDENTITY_ENV, useValue: env },
        { provide: PasswordHasher, useFactory: () => new PasswordHasher(env.ARGON2_MEMORY_KIB, env.ARGON2_TIME_COST) },
        { provide: PasswordResetMailer, useClass: OutboxPasswordResetMailer },
        { provide: EmailChangeMailer, useClass: OutboxEmailChangeMailer },
        RequestPasswordResetHandler,
        UserRepository,
        IdentityAuditTrail,
        IdentityPurgeAuditEntriesHandler,
        IdentityAuditRetentionSchedule,
        IdentityAuditRetentionWorker,
        IdentityAuditPageHandler,
        RegisterUserHandler,
        LogInHandler,
        SignInWithGoogleHandler,
        UpdateProfileHandler,
        ChangePasswordHandler,
        ToggleRoleHandler,
        SendPasswordResetHandler,
        ResetPasswordHandler,
        ConfirmEmailChangeHandler,
        DeleteUserHandler,
        EnsureAdminHandler,
        ListUsersHandler,
        GetUserHandler,
        UserEmailsHandler,
      ],
    });
  }
}
