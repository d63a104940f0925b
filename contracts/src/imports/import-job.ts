import type { Actor } from '../identity/actor';
import type { JobState } from '../queues/queues';

/**
 * The spec's import result: `errors` maps a row number to its messages. Rows are numbered as a spreadsheet shows
 * them: the header is row 1, the first kit row 2.
 */
export type ImportResult = { total: number; created: number; errors: Record<string, string[]> };

/** GET /api/imports/{jobId}, and POST .../import when it answers before the job is done (202). */
export type ImportJobView = {
  jobId: string;
  status: JobState;
  /** 0..100, from the rows processed so far (the job's real progress, not the spec's simulated one). */
  progress: number;
  fileName: string;
  total: number;
  processed: number;
  created: number;
  failed: number;
  /** Set once the job has finished. */
  finishedAt: string | null;
  /** Why the job failed (after all its retries). */
  errorMessage: string | null;
  /** Once completed: the first IMPORT_ERRORS_SHOWN refused rows (`failed` counts them all); absent before. */
  errors?: Record<string, string[]>;
  /** Once completed: GET path of the full errors list as CSV. */
  errorsCsv?: string;
};

/**
 * The spec's answer plus the job id (POST .../import when the job finished within the wait). `errors` holds the
 * first IMPORT_ERRORS_SHOWN refused rows only; `errorCount` counts them all and `errorsCsv` downloads them all.
 */
export type ImportCompleted = ImportResult & { jobId: string; status: 'completed' } & ImportErrorsSummary;

/** How a finished job's refused rows are answered: the first ones, the count of all, and where the full list is. */
export type ImportErrorsSummary = {
  /** Every refused row (the rows of `errors` and the rest). */
  errorCount: number;
  /** GET path of the full list as CSV (row, message), streamed a part at a time. */
  errorsCsv: string;
};

/** A finished import's answer lists at most this many refused rows; the rest are counted and downloadable. */
export const IMPORT_ERRORS_SHOWN = 100;

/** GET path of a job's full errors list as CSV. */
export const importErrorsCsvPath = (jobId: string) => `/api/imports/${jobId}/errors.csv`;

/** GET /api/imports/{jobId}/errors: one page of the refused rows (in row order; `afterRow` is the last row seen). */
export const IMPORT_ERRORS_PAGE_MAX = 500;

/** A file travels to the imports context in parts: NATS carries at most 1 MB per message. */
export const UPLOAD_PART_BYTES = 512 * 1024;

/** imports.cmd.stage-part.v1: one part of an upload (base64), idempotent by (uploadId, part). */
export type StagePartRequest = { actor: Actor; uploadId: string; part: number; data: string };
export type StagePartResponse = { uploadId: string; part: number; bytes: number };

/**
 * imports.cmd.start-import.v1: the staged parts make the file; the file is checked (encoding, header, rows) and
 * queued. `ownerId` imports into another account (admins only); the caller's own account otherwise.
 */
export type StartImportRequest = { actor: Actor; uploadId: string; parts: number; fileName: string; ownerId?: string | null };

/** imports.qry.import-status.v1 → ImportJobView without errors. */
export type ImportStatusRequest = { actor: Actor; jobId: string };

/** imports.qry.import-errors.v1: the errors map in parts, by row number (bounded in rows and bytes). */
export type ImportErrorsRequest = { actor: Actor; jobId: string; afterRow?: number | null; limit?: number };
export type ImportErrorsPart = { errors: [row: number, messages: string[]][]; next: number | null; hasMore: boolean };

/** A part holds at most this many rows, and stops sooner at about this many bytes of JSON. */
export const IMPORT_ERRORS_PART_ROWS = 2000;
export const IMPORT_ERRORS_PART_BYTES = 600_000;

/** The BullMQ payload of QueueNames.csvImport: the job's rows and outcomes live in Postgres. */
export type CsvImportJobPayload = { importId: string };

/** The percentage the web shows. */
export function importProgress(processed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((processed / total) * 100));
}
