import { Inject, Logger } from '@nestjs/common';
import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { type CsvImportJobPayload, type ImportColumn, QueueNames, importProgress } from '@bleedkits/contracts';
import { QueueWorker } from '@bleedkits/platform';
import { IMPORTS_ENV, type ImportsEnv, importsWorkerOptions } from '../config/env';
import { decodeCsvFile } from '../domain/csv-file';
import { csvRecords, isBlankRecord } from '../domain/csv-records';
import { readHeader } from '../domain/import-header';
import { type ImportedRow, importedRow } from '../domain/import-row';
import { ImportJobRepository } from '../database/import-job.repository';
import { RegistrationRows } from './registration-rows';

export type CsvImportSummary = { total: number; created: number; failed: number };

/**
 * One CSV bulk registration. Rows go to the kits context in batches; each batch's outcomes are committed with the
 * job's counters before the next is read, so a job taken over after its worker died (BullMQ runs a job at least
 * once) skips every committed row and registers none twice: the kits context remembers each row's key
 * (`import:<job>:<row>`), which covers a batch registered but not yet recorded here.
 */
@Processor(QueueNames.csvImport, importsWorkerOptions())
export class CsvImportWorker extends QueueWorker<CsvImportJobPayload, CsvImportSummary> {
  private readonly logger = new Logger('CsvImportWorker');

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly rows: RegistrationRows,
    @Inject(IMPORTS_ENV) private readonly env: ImportsEnv,
  ) {
    super();
  }

  async handle(job: Job<CsvImportJobPayload, CsvImportSummary>): Promise<CsvImportSummary> {
    const id = job.data.importId;
    const record = await this.jobs.find(id);
    if (!record) throw new UnrecoverableError(`import ${id} does not exist`);
    if (record.status === 'completed') return { total: record.total, created: record.created, failed: record.failed };
    const content = await this.jobs.content(id);
    const decoded = content ? decodeCsvFile(content) : null;
    if (!decoded?.ok) throw new UnrecoverableError(`import ${id} has no readable file`);
    await this.jobs.markProcessing(id);

    const actor = { id: record.requestedBy, role: record.requestedByRole, email: '' };
    const done = await this.jobs.doneRows(id);
    let processed = done.size;
    let columns: (ImportColumn | null)[] = [];
    let batch: ImportedRow[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const outcomes = await this.rows.register(`import:${id}:`, actor, record.ownerId, batch);
      await this.jobs.commit(id, outcomes);
      processed += batch.length;
      batch = [];
      await job.updateProgress(importProgress(processed, record.total));
    };

    for await (const { row, cells } of csvRecords(decoded.text)) {
      if (row === 1) {
        const header = readHeader(cells);
        if (!header.ok) throw new UnrecoverableError(header.errors.join(' '));
        columns = header.columns;
        continue;
      }
      if (done.has(row) || isBlankRecord(cells)) continue;
      batch.push(importedRow(row, cells, columns));
      if (batch.length >= this.env.IMPORTS_BATCH_SIZE) await flush();
    }
    await flush();
    await this.jobs.complete(id);
    const finished = (await this.jobs.find(id))!;
    this.logger.log({ msg: 'import completed', importId: id, total: finished.total, created: finished.created, failed: finished.failed });
    return { total: finished.total, created: finished.created, failed: finished.failed };
  }

  /** Only the last attempt's failure fails the job (earlier ones are retried with backoff and resume). */
  @OnWorkerEvent('failed')
  async onFailed(job: Job<CsvImportJobPayload> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ msg: final ? 'import failed' : 'import attempt failed; it will resume', importId: job.data.importId, error: error.message });
    if (final) await this.jobs.fail(job.data.importId, error.message).catch(() => undefined);
  }
}
