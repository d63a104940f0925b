import { Injectable } from '@nestjs/common';
import { type ImportJobView, ImportMessages, type ImportStatusRequest, isUuid } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { maySeeImport } from '../../domain/import-access';
import { ImportJobRepository } from '../../database/import-job.repository';
import { importJobView } from './import-job-view';

/** imports.qry.import-status.v1: the job's state and real progress (rows processed of rows in the file). */
@Injectable()
export class ImportStatusHandler {
  constructor(private readonly jobs: ImportJobRepository) {}

  @Handles(ImportsSubjects.importStatus)
  async execute(req: ImportStatusRequest): Promise<ImportJobView> {
    const job = isUuid(req?.jobId) ? await this.jobs.find(req.jobId) : null;
    if (!job || !maySeeImport(req.actor, job)) throw ServiceError.notFound(ImportMessages.jobNotFound);
    return importJobView(job);
  }
}
