import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { ensureSchema } from './ensure-schema';

export type ContextDatabaseOptions = {
  /** Postgres schema owned by the context; no other context reads or writes it. */
  schema: string;
  databaseUrl: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
};

/** One schema per context, migrations run at start under a lock, never `synchronize`. */
@Module({})
export class DatabaseModule {
  static forContext(options: ContextDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            await ensureSchema(options.databaseUrl, options.schema);
            return {
              type: 'postgres' as const,
              url: options.databaseUrl,
              schema: options.schema,
              entities: options.entities,
              migrations: options.migrations,
              migrationsRun: false,
              migrationsTableName: 'migrations',
              migrationsTransactionMode: 'each' as const,
              synchronize: false,
              extra: { max: options.poolSize ?? 10, application_name: options.schema },
            };
          },
          // Replicas starting together must not run the same migration twice: serialise on an advisory lock.
          dataSourceFactory: async (config?: DataSourceOptions) => {
            const dataSource = await new DataSource(config!).initialize();
            const runner = dataSource.createQueryRunner();
            await runner.connect();
            try {
              await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${options.schema}`]);
              await dataSource.runMigrations({ transaction: 'each' });
            } finally {
              await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${options.schema}`]).catch(() => undefined);
              await runner.release();
            }
            return dataSource;
          },
        }),
      ],
    };
  }
}
