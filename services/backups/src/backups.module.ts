import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { BackupsEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** Scheduled encrypted database backups, retention, cloud copy, restore. */
@Module({})
export class BackupsModule {
  static forRoot(env: BackupsEnv): DynamicModule {
    return {
      module: BackupsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'backups', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('backups'),
      ],
    };
  }
}
