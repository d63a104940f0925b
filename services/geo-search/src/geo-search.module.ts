import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@bleedkits/platform';
import type { GeoSearchEnv } from './config/env';
import { contextMigrations } from './database/migrations';

/** In-memory spatial index of public kits: viewport, nearby, search. */
@Module({})
export class GeoSearchModule {
  static forRoot(env: GeoSearchEnv): DynamicModule {
    return {
      module: GeoSearchModule,
      imports: [
        DatabaseModule.forContext({ schema: 'geo_search', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        HealthModule.forContext('geo-search'),
      ],
    };
  }
}
