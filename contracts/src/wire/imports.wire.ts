import { z } from 'zod';
import type { CompareCsvRowsRequest, CompareCsvRowsResponse } from '../imports/comparison';
import type {
  CsvUpdateEntriesPart,
  CsvUpdateEntriesRequest,
  CsvUpdateJobStatus,
  CsvUpdateStatusRequest,
  QueueCsvUpdatesResponse,
  StageCsvUpdatesRequest,
  StageCsvUpdatesResponse,
  StartCsvUpdatesRequest,
} from '../imports/csv-updates';
import type {
  ImportErrorsPart,
  ImportErrorsRequest,
  ImportJobView,
  ImportStatusRequest,
  StagePartRequest,
  StagePartResponse,
  StartImportRequest,
} from '../imports/import-job';
import { actor, call, shape } from './call';
import { healthSubject } from '../subjects';

export const ImportsSubjects = {
  health: healthSubject('imports'),
  /** Uploads travel in parts (StagePartRequest), then a command names the upload. */
  stagePart: 'imports.cmd.stage-part.v1',
  startImport: 'imports.cmd.start-import.v1',
  importStatus: 'imports.qry.import-status.v1',
  importErrors: 'imports.qry.import-errors.v1',
  compareCsvRows: 'imports.qry.compare-csv-rows.v1',
  stageCsvUpdates: 'imports.cmd.stage-csv-updates.v1',
  startCsvUpdates: 'imports.cmd.start-csv-updates.v1',
  csvUpdateStatus: 'imports.qry.csv-update-status.v1',
  csvUpdateEntries: 'imports.qry.csv-update-entries.v1',
} as const;

/** An upload's or a job's id: text (the handler checks it is a UUID, else answers not found or names the problem). */
const id = z.string();
const rowCursor = z.number().int().nullable().optional();
const limit = z.number().int().positive().optional();

/**
 * Every request/reply subject of the imports context. A part's number, the rows to compare and the approved updates
 * are left to the handlers, which refuse each with their own messages (numbered by position for the updates).
 */
export const ImportsWire = {
  [ImportsSubjects.stagePart]: call<StagePartRequest, StagePartResponse>(shape({ actor, uploadId: id, part: z.unknown(), data: z.string() })),
  [ImportsSubjects.startImport]: call<StartImportRequest, ImportJobView>(
    shape({ actor, uploadId: id, parts: z.number().int(), fileName: z.string(), ownerId: z.string().nullable().optional() }),
  ),
  [ImportsSubjects.importStatus]: call<ImportStatusRequest, ImportJobView>(shape({ actor, jobId: id })),
  [ImportsSubjects.importErrors]: call<ImportErrorsRequest, ImportErrorsPart>(shape({ actor, jobId: id, afterRow: rowCursor, limit })),
  [ImportsSubjects.compareCsvRows]: call<CompareCsvRowsRequest, CompareCsvRowsResponse>(shape({ actor, rows: z.unknown() })),
  [ImportsSubjects.stageCsvUpdates]: call<StageCsvUpdatesRequest, StageCsvUpdatesResponse>(
    shape({ actor, jobId: id, firstPosition: z.unknown(), updates: z.unknown() }),
  ),
  [ImportsSubjects.startCsvUpdates]: call<StartCsvUpdatesRequest, QueueCsvUpdatesResponse>(
    shape({ actor, jobId: id, totalUpdates: z.number().int() }),
  ),
  [ImportsSubjects.csvUpdateStatus]: call<CsvUpdateStatusRequest, CsvUpdateJobStatus>(shape({ actor, jobId: id })),
  [ImportsSubjects.csvUpdateEntries]: call<CsvUpdateEntriesRequest, CsvUpdateEntriesPart>(shape({ actor, jobId: id, afterId: rowCursor, limit })),
} as const;
