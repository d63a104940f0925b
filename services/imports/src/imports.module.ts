import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { ImportsEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** CSV bulk registration, CSV comparison, queued update jobs. */
@Module({})
export class ImportsModule {
  static forRoot(env: ImportsEnv): DynamicModule {
    return {
      module: ImportsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'imports', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('imports'),
      ],
    };
  }
}
