import type {
  ApprovedUpdate,
  CsvComparisonResponse,
  CsvUpdateEntriesResponse,
  CsvUpdateJobStatus,
  QueueCsvUpdatesResponse,
} from '@bleedkits/contracts';
import { api } from '@/api/api';

/** Above this size the approved updates travel as a JSON file (the gateway's JSON bodies are small by design). */
const JSON_BODY_BYTES = 200_000;

/** Admin Tools: compare a CSV file with the register, queue the approved changes, follow the job. */
export const csvComparisonApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCompareCsv: build.mutation<CsvComparisonResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('csvFile', file, file.name);
        return { url: '/api/admin/csv-comparison', method: 'POST', body };
      },
    }),
    adminQueueCsvUpdates: build.mutation<QueueCsvUpdatesResponse, ApprovedUpdate[]>({
      query: (approvedUpdates) => {
        const json = JSON.stringify({ approvedUpdates });
        if (json.length <= JSON_BODY_BYTES) return { url: '/api/admin/queue-csv-updates', method: 'POST', body: { approvedUpdates } };
        const body = new FormData();
        body.append('approvedUpdates', new Blob([JSON.stringify(approvedUpdates)], { type: 'application/json' }), 'approved-updates.json');
        return { url: '/api/admin/queue-csv-updates', method: 'POST', body };
      },
    }),
    adminCsvUpdateStatus: build.query<CsvUpdateJobStatus, string>({
      query: (jobId) => ({ url: '/api/admin/queue-csv-updates', params: { jobId } }),
      keepUnusedDataFor: 0,
    }),
    adminCsvUpdateEntries: build.query<CsvUpdateEntriesResponse, string>({
      query: (jobId) => ({ url: '/api/admin/csv-update-entries', params: { jobId } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAdminCompareCsvMutation, useAdminQueueCsvUpdatesMutation, useAdminCsvUpdateStatusQuery, useAdminCsvUpdateEntriesQuery } =
  csvComparisonApi;
