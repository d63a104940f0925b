import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ImportJobView, ImportMessages, type ImportStatusRequest, ImportsSubjects, isUuid } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { maySeeImport } from '../../domain/import-access';
import { ImportJobRepository } from '../../database/import-job.repository';
import { importJobView } from './import-job-view';

/** imports.qry.import-status.v1: the job's state and real progress (rows processed of rows in the file). */
@Controller()
export class ImportStatusMessageController {
  constructor(private readonly jobs: ImportJobRepository) {}

  @MessagePattern(ImportsSubjects.importStatus)
  async handle(@Payload() req: ImportStatusRequest): Promise<ImportJobView> {
    const job = isUuid(req?.jobId) ? await this.jobs.find(req.jobId) : null;
    if (!job || !maySeeImport(req.actor, job)) throw ServiceError.notFound(ImportMessages.jobNotFound);
    return importJobView(job);
  }
}
