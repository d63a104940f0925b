import { Logger } from '@nestjs/common';
import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { importsWorkerOptions } from '../config/env';
import { JobCannotRun } from '../domain/job-cannot-run';
import { type CsvImportSummary, RunImportHandler } from '../commands/run-import/run-import.handler';

/** The csv-import queue's worker: hands each job to RunImportHandler; a job that cannot run is not retried. */
@Processor(QueueNames.csvImport, importsWorkerOptions())
export class CsvImportWorker extends QueueWorker<typeof QueueNames.csvImport, CsvImportSummary> {
  private readonly logger = new Logger('CsvImportWorker');

  constructor(private readonly handler: RunImportHandler) {
    super();
  }

  async handle(job: QueueJob<typeof QueueNames.csvImport, CsvImportSummary>): Promise<CsvImportSummary> {
    try {
      return await this.handler.execute(job.data.importId, (percent) => job.updateProgress(percent));
    } catch (e) {
      if (e instanceof JobCannotRun) throw new UnrecoverableError(e.message);
      throw e;
    }
  }

  /** Only the last attempt's failure fails the job (earlier ones are retried with backoff and resume). */
  @OnWorkerEvent('failed')
  async onFailed(job: QueueJob<typeof QueueNames.csvImport> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ msg: final ? 'import failed' : 'import attempt failed; it will resume', importId: job.data.importId, error: error.message });
    if (final) await this.handler.failed(job.data.importId, error.message).catch(() => undefined);
  }
}
