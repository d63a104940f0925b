import { Injectable } from '@nestjs/common';
import {
  IMPORT_ERRORS_PART_BYTES,
  IMPORT_ERRORS_PART_ROWS,
  type ImportErrorsPart,
  type ImportErrorsRequest,
  ImportMessages,
  isUuid,
} from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { maySeeImport } from '../../domain/import-access';
import { ImportJobRepository } from '../../database/import-job.repository';

/**
 * imports.qry.import-errors.v1: the refused rows with their messages, in row order, a part at a time (at most
 * IMPORT_ERRORS_PART_ROWS rows, ending early at about IMPORT_ERRORS_PART_BYTES of JSON), so the errors of a
 * 20,000-row file never make a NATS message over 1 MB; the gateway asks for the next part after `next`.
 */
@Injectable()
export class ImportErrorsHandler {
  constructor(private readonly jobs: ImportJobRepository) {}

  @Handles(ImportsSubjects.importErrors)
  async execute(req: ImportErrorsRequest): Promise<ImportErrorsPart> {
    const job = isUuid(req?.jobId) ? await this.jobs.find(req.jobId) : null;
    if (!job || !maySeeImport(req.actor, job)) throw ServiceError.notFound(ImportMessages.jobNotFound);
    const limit = Math.min(Math.max(Number(req.limit) || IMPORT_ERRORS_PART_ROWS, 1), IMPORT_ERRORS_PART_ROWS);
    const rows = await this.jobs.errorsAfter(job.id, Number(req.afterRow) || 0, limit + 1);
    const errors: ImportErrorsPart['errors'] = [];
    let bytes = 0;
    for (const r of rows.slice(0, limit)) {
      bytes += JSON.stringify(r.errors).length + 16;
      if (errors.length && bytes > IMPORT_ERRORS_PART_BYTES) break;
      errors.push([r.row, r.errors]);
    }
    const hasMore = errors.length < rows.length;
    return { errors, next: hasMore ? errors[errors.length - 1][0] : null, hasMore };
  }
}
