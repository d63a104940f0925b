import { type DynamicModule, Module } from '@nestjs/common';
import { QueueNames } from '@bleedkits/contracts';
import { DatabaseModule, HealthModule, NatsBus, NatsBusModule, QueueModule, postcodesIoFrom, withWireListeners } from '@bleedkits/platform';
import { IMPORTS_ENV, type ImportsEnv } from './config/env';
import { contextMigrations } from './database/migrations';
import { CsvUpdateRepository } from './database/csv-update.repository';
import { ImportJobRepository } from './database/import-job.repository';
import { StagedUploadRepository } from './database/staged-upload.repository';
import { KitsClient } from './kits/kits.client';
import { FallbackPostcodeGeocoder } from './providers/geocoding/fallback-postcode-geocoder';
import { PostcodeGeocoder } from './providers/geocoding/postcode-geocoder.port';
import { PostcodesIoGeocoder } from './providers/geocoding/postcodes-io.geocoder';
import { RegisterGazetteerGeocoder } from './providers/geocoding/register-gazetteer.geocoder';
import { RegistrationRows } from './kits/registration-rows';
import { CsvImportWorker } from './jobs/csv-import.worker';
import { CsvUpdatesWorker } from './jobs/csv-updates.worker';
import { StagePartHandler } from './commands/stage-part/stage-part.handler';
import { StartImportHandler } from './commands/start-import/start-import.handler';
import { RunImportHandler } from './commands/run-import/run-import.handler';
import { ApplyCsvUpdatesHandler } from './commands/apply-csv-updates/apply-csv-updates.handler';
import { CompareCsvHandler } from './commands/compare-csv/compare-csv.handler';
import { StageCsvUpdatesHandler } from './commands/stage-csv-updates/stage-csv-updates.handler';
import { StartCsvUpdatesHandler } from './commands/start-csv-updates/start-csv-updates.handler';
import { ImportStatusHandler } from './queries/import-status/import-status.handler';
import { ImportErrorsHandler } from './queries/import-errors/import-errors.handler';
import { CsvUpdateStatusHandler } from './queries/csv-update-status/csv-update-status.handler';
import { CsvUpdateEntriesHandler } from './queries/csv-update-entries/csv-update-entries.handler';

/** CSV bulk registration, CSV comparison, queued update jobs. */
@Module({})
export class ImportsModule {
  static forRoot(env: ImportsEnv): DynamicModule {
    const geocoder = {
      provide: PostcodeGeocoder,
      inject: [NatsBus],
      useFactory: (bus: NatsBus) => {
        const postcodes = postcodesIoFrom(env);
        return new FallbackPostcodeGeocoder([
          new RegisterGazetteerGeocoder(bus, env.NATS_REQUEST_TIMEOUT_MS),
          ...(postcodes ? [new PostcodesIoGeocoder(postcodes)] : []),
        ]);
      },
    };
    return withWireListeners({
      module: ImportsModule,
      imports: [
        DatabaseModule.forContext({ schema: 'imports', databaseUrl: env.DATABASE_URL, entities: [], migrations: contextMigrations }),
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: 'imports-client', requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('imports'),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.QUEUE_PREFIX }),
        QueueModule.forQueues(QueueNames.csvImport, QueueNames.csvUpdates),
      ],
      providers: [
        { provide: IMPORTS_ENV, useValue: env },
        StagedUploadRepository,
        ImportJobRepository,
        CsvUpdateRepository,
        KitsClient,
        geocoder,
        RegistrationRows,
        StagePartHandler,
        StartImportHandler,
        RunImportHandler,
        ImportStatusHandler,
        ImportErrorsHandler,
        ApplyCsvUpdatesHandler,
        CompareCsvHandler,
        StageCsvUpdatesHandler,
        StartCsvUpdatesHandler,
        CsvUpdateStatusHandler,
        CsvUpdateEntriesHandler,
        CsvImportWorker,
        CsvUpdatesWorker,
      ],
    });
  }
}
