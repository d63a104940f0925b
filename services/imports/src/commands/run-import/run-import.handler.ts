import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ImportColumn, importProgress } from '@bleedkits/contracts';
import { IMPORTS_ENV, type ImportsEnv } from '../../config/env';
import { decodeCsvFile } from '../../domain/csv-file';
import { csvRecords, isBlankRecord } from '../../domain/csv-records';
import { readHeader } from '../../domain/import-header';
import { JobCannotRun } from '../../domain/job-cannot-run';
import { type ImportedRow, importedRow } from '../../domain/import-row';
import { ImportJobRepository } from '../../database/import-job.repository';
import { RegistrationRows } from '../../kits/registration-rows';

export type CsvImportSummary = { total: number; created: number; failed: number };

/**
 * One CSV bulk registration (the csv-import queue's job). Rows go to the kits context in batches; each batch's
 * outcomes are committed with the job's counters before the next is read, so a job taken over after its worker
 * died (BullMQ runs a job at least once) skips every committed row and registers none twice: the kits context
 * remembers each row's key (`import:<job>:<row>`), which covers a batch registered but not yet recorded here. A
 * row's own fault (a rule, a malformed value) is that row's outcome and never fails or retries the job.
 */
@Injectable()
export class RunImportHandler {
  private readonly logger = new Logger('RunImportHandler');

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly rows: RegistrationRows,
    @Inject(IMPORTS_ENV) private readonly env: Pick<ImportsEnv, 'IMPORTS_BATCH_SIZE'>,
  ) {}

  async execute(importId: string, reportProgress: (percent: number) => Promise<void>): Promise<CsvImportSummary> {
    const record = await this.jobs.find(importId);
    if (!record) throw new JobCannotRun(`import ${importId} does not exist`);
    if (record.status === 'completed') return { total: record.total, created: record.created, failed: record.failed };
    const content = await this.jobs.content(importId);
    const decoded = content ? decodeCsvFile(content) : null;
    if (!decoded?.ok) throw new JobCannotRun(`import ${importId} has no readable file`);
    await this.jobs.markProcessing(importId);

    const actor = { id: record.requestedBy, role: record.requestedByRole, email: '' };
    const done = await this.jobs.doneRows(importId);
    let processed = done.size;
    let columns: (ImportColumn | null)[] = [];
    let batch: ImportedRow[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const outcomes = await this.rows.register(`import:${importId}:`, actor, record.ownerId, batch);
      await this.jobs.commit(importId, outcomes);
      processed += batch.length;
      batch = [];
      await reportProgress(importProgress(processed, record.total));
    };

    for await (const { row, cells } of csvRecords(decoded.text)) {
      if (row === 1) {
        const header = readHeader(cells);
        if (!header.ok) throw new JobCannotRun(header.errors.join(' '));
        columns = header.columns;
        continue;
      }
      if (done.has(row) || isBlankRecord(cells)) continue;
      batch.push(importedRow(row, cells, columns));
      if (batch.length >= this.env.IMPORTS_BATCH_SIZE) await flush();
    }
    await flush();
    await this.jobs.complete(importId);
    const finished = (await this.jobs.find(importId))!;
    this.logger.log({ msg: 'import completed', importId, total: finished.total, created: finished.created, failed: finished.failed });
    return { total: finished.total, created: finished.created, failed: finished.failed };
  }

  /** The job's last attempt failed: the job says why (a completed job stays completed). */
  async failed(importId: string, message: string): Promise<void> {
    await this.jobs.fail(importId, message);
  }
}
