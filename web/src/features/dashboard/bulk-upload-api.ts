import type { ImportJobView } from '@bleedkits/contracts';
import { api } from '@/api/api';

/** The dashboard's CSV import: the upload answers at once with its job (Prefer: respond-async); the tab polls it. */
export const bulkUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    custodianImportCsv: build.mutation<ImportJobView, File>({
      query: (file) => {
        const body = new FormData();
        body.append('csvFile', file, file.name);
        return { url: '/api/admin/bleed-kits/import', method: 'POST', body, headers: { Prefer: 'respond-async' } };
      },
    }),
    /** The job's real progress; once completed it carries the spec's errors map. */
    custodianImportJob: build.query<ImportJobView, string>({
      query: (jobId) => `/api/imports/${encodeURIComponent(jobId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCustodianImportCsvMutation, useCustodianImportJobQuery } = bulkUploadApi;
