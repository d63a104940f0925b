import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_MAX_FILE_BYTES, type ImportJobView, ImportMessages, QueueNames, type StartImportRequest, isUuid } from '@bleedkits/contracts';
import { IdentitySubjects, ImportsSubjects } from '@bleedkits/contracts/wire';
import { InjectTypedQueue, NatsBus, RemoteCallError, ServiceError, type TypedQueue, Handles } from '@bleedkits/platform';
import { IMPORTS_ENV, type ImportsEnv } from '../../config/env';
import { decodeCsvFile } from '../../domain/csv-file';
import { CsvFormatError, csvRecords, isBlankRecord } from '../../domain/csv-records';
import { readHeader } from '../../domain/import-header';
import { ImportJobRepository } from '../../database/import-job.repository';
import { StagedUploadRepository } from '../../database/staged-upload.repository';
import { importJobView } from '../../queries/import-status/import-job-view';

/**
 * imports.cmd.start-import.v1: the staged parts become the file, which is checked as a whole before any row is
 * registered (size, encoding, header and required columns, well-formed CSV, at least one kit row and no more than
 * the caller's row limit), then stored with its job and queued. Starting the same upload again answers the same job.
 */
@Injectable()
export class StartImportHandler {
  constructor(
    private readonly staged: StagedUploadRepository,
    private readonly jobs: ImportJobRepository,
    private readonly bus: NatsBus,
    @InjectTypedQueue(QueueNames.csvImport) private readonly queue: TypedQueue<typeof QueueNames.csvImport>,
    @Inject(IMPORTS_ENV) private readonly env: Pick<ImportsEnv, 'IMPORT_MAX_ROWS' | 'IMPORT_MAX_ROWS_ADMIN'>,
  ) {}

  @Handles(ImportsSubjects.startImport)
  async execute(req: StartImportRequest): Promise<ImportJobView> {
    const { actor } = req ?? {};
    if (!actor?.id) throw ServiceError.unauthenticated('Not signed in');
    if (!isUuid(req.uploadId)) throw ServiceError.validation(['uploadId must be a UUID']);
    const existing = await this.jobs.find(req.uploadId);
    if (existing) {
      if (existing.requestedBy !== actor.id) throw ServiceError.conflict('This upload belongs to someone else.');
      await this.enqueue(existing.id);
      return importJobView(existing);
    }
    const ownerId = await this.ownerFor(req);
    const bytes = await this.staged.assemble(req.uploadId, Number(req.parts), actor.id);
    if (!bytes) throw ServiceError.validation([ImportMessages.uploadIncomplete]);
    if (bytes.length > IMPORT_MAX_FILE_BYTES) throw ServiceError.validation([ImportMessages.tooLarge]);
    const decoded = decodeCsvFile(bytes);
    if (!decoded.ok) throw ServiceError.validation([decoded.message]);
    const total = await this.countRows(decoded.text, actor.role === 'admin' ? this.env.IMPORT_MAX_ROWS_ADMIN : this.env.IMPORT_MAX_ROWS);

    await this.jobs.transaction(async (m) => {
      await this.jobs.create(m, {
        id: req.uploadId,
        ownerId,
        requestedBy: actor.id,
        requestedByRole: actor.role,
        fileName: String(req.fileName ?? 'import.csv').slice(0, 255),
        encoding: decoded.encoding,
        content: bytes,
        total,
      });
      await this.staged.discard(req.uploadId, m);
    });
    await this.enqueue(req.uploadId);
    await this.staged.purgeStale().catch(() => undefined);
    return importJobView((await this.jobs.find(req.uploadId))!);
  }

  /** The caller's own account, or another one named by an admin (which must exist). */
  private async ownerFor(req: StartImportRequest): Promise<string> {
    const wanted = req.ownerId ? String(req.ownerId) : null;
    if (!wanted || wanted === req.actor.id) return req.actor.id;
    if (req.actor.role !== 'admin') throw ServiceError.forbidden(ImportMessages.otherAccount);
    try {
      return (await this.bus.request(IdentitySubjects.getUser, { userId: wanted })).user.id;
    } catch (e) {
      if (e instanceof RemoteCallError && e.body.code === 'not_found') throw ServiceError.notFound(ImportMessages.ownerNotFound);
      throw e;
    }
  }

  /**
   * Reads the file's records once, before any row is checked as a kit: the header (row 1) must name every required
   * column, at least one row must be a kit, and the count stops at the first row past the limit (a file of tiny bad
   * rows would otherwise make a report far larger than itself).
   */
  private async countRows(text: string, maxRows: number): Promise<number> {
    if (text.replace(/^\uFEFF/, '').trim() === '') throw ServiceError.validation([ImportMessages.empty]);
    let kits = 0;
    try {
      for await (const { row, cells } of csvRecords(text)) {
        if (row === 1) {
          const header = readHeader(cells);
          if (!header.ok) throw ServiceError.validation(header.errors);
        } else if (!isBlankRecord(cells) && ++kits > maxRows) throw ServiceError.validation([ImportMessages.tooManyRows(maxRows)]);
      }
    } catch (e) {
      if (e instanceof CsvFormatError) throw ServiceError.validation([e.message]);
      throw e;
    }
    if (kits === 0) throw ServiceError.validation([ImportMessages.headerOnly]);
    return kits;
  }

  /** BullMQ takes one job per id: queuing again (a retried start) is harmless. */
  private async enqueue(id: string): Promise<void> {
    await this.queue.add('import', { importId: id }, { jobId: id });
  }
}
