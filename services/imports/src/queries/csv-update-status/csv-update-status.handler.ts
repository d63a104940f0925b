import { Injectable } from '@nestjs/common';
import { type CsvUpdateJobStatus, CsvUpdateMessages, type CsvUpdateStatusRequest, isUuid, assertAdmin } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { CsvUpdateRepository } from '../../database/csv-update.repository';

/** imports.qry.csv-update-status.v1 (admins): the spec's status and progress {successful, failed}. */
@Injectable()
export class CsvUpdateStatusHandler {
  constructor(private readonly updates: CsvUpdateRepository) {}

  @Handles(ImportsSubjects.csvUpdateStatus)
  async execute(req: CsvUpdateStatusRequest): Promise<CsvUpdateJobStatus> {
    assertAdmin(req?.actor);
    const job = isUuid(req.jobId) ? await this.updates.find(req.jobId) : null;
    if (!job) throw ServiceError.notFound(CsvUpdateMessages.jobNotFound);
    return {
      jobId: job.id,
      status: job.status === 'staging' ? 'queued' : job.status,
      totalUpdates: job.total,
      progress: { successful: job.successful, failed: job.failed },
    };
  }
}
