import { Logger } from '@nestjs/common';
import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { importsWorkerOptions } from '../config/env';
import { JobCannotRun } from '../domain/job-cannot-run';
import { ApplyCsvUpdatesHandler } from '../commands/apply-csv-updates/apply-csv-updates.handler';

/** The csv-updates queue's worker: hands each job to ApplyCsvUpdatesHandler; a job that cannot run is not retried. */
@Processor(QueueNames.csvUpdates, importsWorkerOptions())
export class CsvUpdatesWorker extends QueueWorker<typeof QueueNames.csvUpdates> {
  private readonly logger = new Logger('CsvUpdatesWorker');

  constructor(private readonly handler: ApplyCsvUpdatesHandler) {
    super();
  }

  async handle(job: QueueJob<typeof QueueNames.csvUpdates>): Promise<void> {
    try {
      await this.handler.execute(job.data.jobId, (percent) => job.updateProgress(percent));
    } catch (e) {
      if (e instanceof JobCannotRun) throw new UnrecoverableError(e.message);
      throw e;
    }
  }

  /** Only the last attempt's failure fails the job (earlier ones are retried with backoff and resume). */
  @OnWorkerEvent('failed')
  async onFailed(job: QueueJob<typeof QueueNames.csvUpdates> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ msg: final ? 'update job failed' : 'update job attempt failed; it will resume', jobId: job.data.jobId, error: error.message });
    if (final) await this.handler.failed(job.data.jobId, error.message).catch(() => undefined);
  }
}
