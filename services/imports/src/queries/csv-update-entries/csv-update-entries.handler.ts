import { Injectable } from '@nestjs/common';
import {
  CSV_UPDATE_ENTRIES_PART,
  type CsvUpdateEntriesPart,
  type CsvUpdateEntriesRequest,
  CsvUpdateMessages,
  isUuid,
  assertAdmin,
} from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { CsvUpdateRepository } from '../../database/csv-update.repository';

/** A part also ends at about this many bytes of JSON: an error message may quote two long field values. */
export const CSV_UPDATE_ENTRIES_PART_BYTES = 600_000;

/** imports.qry.csv-update-entries.v1 (admins): a job's entries by id, a part at a time (the gateway assembles them). */
@Injectable()
export class CsvUpdateEntriesHandler {
  constructor(private readonly updates: CsvUpdateRepository) {}

  @Handles(ImportsSubjects.csvUpdateEntries)
  async execute(req: CsvUpdateEntriesRequest): Promise<CsvUpdateEntriesPart> {
    assertAdmin(req?.actor);
    const job = isUuid(req.jobId) ? await this.updates.find(req.jobId) : null;
    if (!job) throw ServiceError.notFound(CsvUpdateMessages.jobNotFound);
    const limit = Math.min(Math.max(Number(req.limit) || CSV_UPDATE_ENTRIES_PART, 1), CSV_UPDATE_ENTRIES_PART);
    const rows = await this.updates.entriesAfter(job.id, Number(req.afterId) || 0, limit + 1);
    const entries: CsvUpdateEntriesPart['entries'] = [];
    let bytes = 0;
    for (const e of rows.slice(0, limit)) {
      bytes += JSON.stringify(e).length;
      if (entries.length && bytes > CSV_UPDATE_ENTRIES_PART_BYTES) break;
      entries.push(e);
    }
    const hasMore = rows.length > entries.length;
    return { entries, next: hasMore ? entries[entries.length - 1].id : null, hasMore };
  }
}
