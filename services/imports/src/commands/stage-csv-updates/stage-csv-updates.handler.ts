import { Injectable } from '@nestjs/common';
import { CSV_UPDATES_MAX, CSV_UPDATES_PART, CsvUpdateMessages, type StageCsvUpdatesRequest, isUuid, assertAdmin } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { type ValidUpdate, readApprovedUpdate } from '../../domain/approved-update';
import { CsvUpdateRepository } from '../../database/csv-update.repository';

/**
 * imports.cmd.stage-csv-updates.v1 (admins): a part of the approved updates, each checked on receipt (every bad one
 * reported, numbered from 1 as in the request) and stored at its position. Sending a part again changes nothing.
 */
@Injectable()
export class StageCsvUpdatesHandler {
  constructor(private readonly updates: CsvUpdateRepository) {}

  @Handles(ImportsSubjects.stageCsvUpdates)
  async execute(req: StageCsvUpdatesRequest): Promise<{ staged: number }> {
    assertAdmin(req?.actor);
    if (!isUuid(req.jobId)) throw ServiceError.validation(['jobId must be a UUID']);
    const first = Number(req.firstPosition);
    if (!Number.isInteger(first) || first < 0 || first >= CSV_UPDATES_MAX) throw ServiceError.validation(['firstPosition is out of range']);
    if (!Array.isArray(req.updates) || req.updates.length === 0) throw ServiceError.validation([CsvUpdateMessages.noUpdates]);
    if (req.updates.length > CSV_UPDATES_PART || first + req.updates.length > CSV_UPDATES_MAX)
      throw ServiceError.validation([CsvUpdateMessages.tooMany]);
    const valid: ValidUpdate[] = [];
    const errors: string[] = [];
    req.updates.forEach((u, i) => {
      const read = readApprovedUpdate(u);
      if (read.ok) valid.push(read.value);
      else errors.push(CsvUpdateMessages.badUpdate(first + i + 1, read.message));
    });
    if (errors.length) throw ServiceError.validation(errors);
    const job = await this.updates.stage(req.jobId, req.actor, first, valid);
    if (job.requestedBy !== req.actor.id) throw ServiceError.conflict('This job belongs to someone else.');
    if (job.status !== 'staging') throw ServiceError.conflict('This job has already been queued.');
    return { staged: valid.length };
  }
}
