import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { KitsEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** Kit register: lifecycle, owners, manufacturers, exports, statistics. */
@Module({})
export class KitsModule {
  static forRoot(env: KitsEnv): DynamicModule {
    return {
      module: KitsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'kits', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('kits'),
      ],
    };
  }
}
