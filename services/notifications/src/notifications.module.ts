import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { NotificationsEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** E-mail templates, outbox, contact messages. */
@Module({})
export class NotificationsModule {
  static forRoot(env: NotificationsEnv): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'notifications', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('notifications'),
      ],
    };
  }
}
