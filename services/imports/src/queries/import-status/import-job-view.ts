import { type ImportJobView, importProgress } from '@bleedkits/contracts';
import type { ImportJobRow } from '../../database/import-job.repository';

export function importJobView(job: ImportJobRow): ImportJobView {
  return {
    jobId: job.id,
    status: job.status,
    progress: job.status === 'completed' ? 100 : importProgress(job.processed, job.total),
    fileName: job.fileName,
    total: job.total,
    processed: job.processed,
    created: job.created,
    failed: job.failed,
    finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
    errorMessage: job.errorMessage,
  };
}
