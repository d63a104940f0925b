import type { Actor } from '../identity/actor';
import type { JobState } from '../queues/queues';

/** One approved change of the comparison dialog (spec: {action update, db_id, changes[...]} or {action create, csv_data}). */
export type ApprovedFieldChange = { field: string; old_value: unknown; new_value: unknown };
export type ApprovedUpdate =
  { action: 'update'; db_id: number | string; changes: ApprovedFieldChange[] } | { action: 'create'; csv_data: Record<string, unknown> };

/** POST /api/admin/queue-csv-updates */
export type QueueCsvUpdatesRequest = { approvedUpdates: ApprovedUpdate[] };
export type QueueCsvUpdatesResponse = { jobId: string; totalUpdates: number };

/** GET /api/admin/queue-csv-updates?jobId= */
export type CsvUpdateJobStatus = { jobId: string; status: JobState; totalUpdates: number; progress: { successful: number; failed: number } };

/** Entries move from processing to completed or failed (spec). */
export type CsvUpdateEntryStatus = 'processing' | 'completed' | 'failed';
/** GET /api/admin/csv-update-entries?jobId= → {entries} */
export type CsvUpdateEntry = {
  id: number;
  status: CsvUpdateEntryStatus;
  action: 'update' | 'create';
  dbId: number | null;
  processedAt: string | null;
  errorMessage: string | null;
};
export type CsvUpdateEntriesResponse = { jobId: string; entries: CsvUpdateEntry[] };

/** Updates in one queued job, and per staging message (the gateway splits the body). */
export const CSV_UPDATES_MAX = 50_000;
export const CSV_UPDATES_PART = 500;

/** imports.cmd.stage-csv-updates.v1: a part of the approved updates, at their positions (idempotent). */
export type StageCsvUpdatesRequest = { actor: Actor; jobId: string; firstPosition: number; updates: unknown[] };
export type StageCsvUpdatesResponse = { staged: number };
/** imports.cmd.start-csv-updates.v1: every part is staged; check the count and queue the job. */
export type StartCsvUpdatesRequest = { actor: Actor; jobId: string; totalUpdates: number };
export type CsvUpdateStatusRequest = { actor: Actor; jobId: string };
/** imports.qry.csv-update-entries.v1: entries in parts, by id. */
export type CsvUpdateEntriesRequest = { actor: Actor; jobId: string; afterId?: number | null; limit?: number };
export type CsvUpdateEntriesPart = { entries: CsvUpdateEntry[]; next: number | null; hasMore: boolean };
export const CSV_UPDATE_ENTRIES_PART = 2000;

/** The BullMQ payload of QueueNames.csvUpdates. */
export type CsvUpdatesJobPayload = { jobId: string };

export const CsvUpdateMessages = {
  jobNotFound: 'Update job not found',
  noUpdates: 'approvedUpdates must be a non-empty array.',
  tooMany: `At most ${CSV_UPDATES_MAX} updates can be queued at once.`,
  countMismatch: 'Not every update arrived. Please apply the changes again.',
  badUpdate: (n: number, why: string) => `Update ${n}: ${why}`,
  /** The spec's toasts. */
  queueFailed: 'Failed to queue updates',
  jobFailedTitle: 'Background processing failed',
  jobFailed: 'The update job encountered an error. Please try again.',
} as const;

/** The per-update table cuts error messages at 50 characters (spec). */
export const ENTRY_ERROR_DISPLAY_LENGTH = 50;
