import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { VerificationEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** 6-monthly verification schedule, reports, reminder runs. */
@Module({})
export class VerificationModule {
  static forRoot(env: VerificationEnv): DynamicModule {
    return {
      module: VerificationModule,
      imports: [
        DatabaseModule.forContext({ schema: 'verification', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('verification'),
      ],
    };
  }
}
