import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { IMPORT_MAX_FILE_BYTES, type ImportJobView, ImportMessages } from '@bleedkits/contracts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { api, serverMessageOr } from '@/api/api';
import { KIT_OWNERSHIP_CHANGED_TAGS } from '@/api/cache-tags';
import { useAppDispatch } from '@/app/hooks';
import { useToast } from '@/components/toasts/use-toast';
import { useCustodianImportCsvMutation, useCustodianImportJobQuery } from '@/features/dashboard/bulk-upload-api';

/** The spec's file checks, as toasts: 'Title: description'. */
const asToast = (message: string) => {
  const [title, ...rest] = message.split(': ');
  return { title, description: rest.join(': '), variant: 'destructive' as const };
};
/** The job is polled at the spec's progress tick. */
const POLL_MS = 800;
/** The spec's first progress step, shown while the file travels. */
const STARTED = 10;

/**
 * A finished job: the server lists its first refused rows only (IMPORT_ERRORS_SHOWN); `errorCount` counts them all
 * and `errorsCsv` downloads them all.
 */
type Result = Required<Pick<ImportJobView, 'total' | 'created' | 'errors'>> & { errorCount: number; errorsCsv: string | null };

function ImportResults({ result, onReset }: { result: Result; onReset: () => void }) {
  const rows = Object.entries(result.errors).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="import-results-title">
      <Typography id="import-results-title" variant="h6" component="h3" gutterBottom>
        Import Results
      </Typography>
      <Grid container spacing={2} component="dl" sx={{ m: 0, mb: 2 }}>
        {(
          [
            ['Total Records', result.total],
            ['Successfully Created', result.created],
            ['Errors', result.errorCount],
          ] as const
        ).map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 4 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Grid>
        ))}
      </Grid>
      {rows.length > 0 && (
        <Box component="ul" aria-label="Rows with errors" sx={{ pl: 2, maxHeight: 320, overflowY: 'auto', wordBreak: 'break-word' }}>
          {rows.map(([row, messages]) => (
            <li key={row}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                Row {row}:
              </Typography>
              <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
                {messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </Box>
            </li>
          ))}
        </Box>
      )}
      {result.errorCount > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Showing the first {rows.length} of {result.errorCount} rows with errors.
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {result.errorCount > 0 && result.errorsCsv && (
          <Button variant="outlined" startIcon={<Download />} href={result.errorsCsv} download>
            Download All Errors (CSV)
          </Button>
        )}
        <Button variant="contained" onClick={onReset}>
          Import Another File
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard's Bulk Upload tab: download the template, choose a .csv file, upload it. The file becomes a job
 * on the server; its progress bar follows the job's real progress (rows processed), not a timer, and ends with
 * the Import Results panel.
 */
export function BulkUploadTab({ onBack }: { onBack: () => void }) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [upload, uploading] = useCustodianImportCsvMutation();
  const finished = result !== null;
  const job = useCustodianImportJobQuery(jobId && !finished ? jobId : skipToken, { pollingInterval: POLL_MS });
  const view = job.data;

  useEffect(() => {
    if (!jobId || finished || !view || view.jobId !== jobId) return;
    if (view.status === 'completed') {
      setResult({ total: view.total, created: view.created, errors: view.errors ?? {}, errorCount: view.failed, errorsCsv: view.errorsCsv ?? null });
      dispatch(api.util.invalidateTags([...KIT_OWNERSHIP_CHANGED_TAGS]));
      if (view.created > 0) toast({ title: 'Import successful', description: ImportMessages.success(view.created) });
      else toast({ title: 'Import completed', description: ImportMessages.noneImported });
    } else if (view.status === 'failed') {
      setJobId(null);
      toast({ title: 'Import failed', description: view.errorMessage ?? undefined, variant: 'destructive' });
    }
  }, [view, jobId, finished, dispatch, toast]);

  useEffect(() => {
    if (jobId && job.isError) {
      setJobId(null);
      toast({ title: 'Import failed', description: serverMessageOr(job.error, 'The import could not be followed.'), variant: 'destructive' });
    }
  }, [job.isError, job.error, jobId, toast]);

  const reset = () => {
    setFile(null);
    setJobId(null);
    setResult(null);
    if (input.current) input.current.value = '';
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    if (chosen && !chosen.name.toLowerCase().endsWith('.csv')) {
      toast(asToast(ImportMessages.notCsv));
      e.target.value = '';
      setFile(null);
      return;
    }
    if (chosen && chosen.size > IMPORT_MAX_FILE_BYTES) {
      toast(asToast(ImportMessages.tooLarge));
      e.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const start = async () => {
    if (!file) {
      toast(asToast(ImportMessages.noFile));
      return;
    }
    try {
      const started = await upload(file).unwrap();
      setJobId(started.jobId);
    } catch (error) {
      toast({
        title: 'Import failed',
        description: serverMessageOr(error, 'The file could not be imported. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const busy = uploading.isLoading || (jobId !== null && !finished);
  const progress = finished ? 100 : Math.max(STARTED, view?.jobId === jobId ? (view?.progress ?? 0) : 0);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Bulk Upload
        </Typography>
        <Typography>
          Register many kits at once from a CSV file: one row per kit, with the same details as the registration form. Rows without latitude and
          longitude are placed from their postcode.
        </Typography>
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          All imported kits need admin approval before they appear on the public map.
        </Alert>
      </Box>

      {result ? (
        <ImportResults result={result} onReset={reset} />
      ) : (
        <>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Step 1: Download the CSV template
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              The template has a column for every field and one example row to copy.
            </Typography>
            <Button variant="outlined" startIcon={<Download />} href="/api/bleed-kits/template" download>
              Download CSV Template
            </Button>
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Step 2: Choose your CSV file
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              A .csv file of at most 5 MB.
            </Typography>
            <Button variant="outlined" component="label" startIcon={<UploadFile />} disabled={busy}>
              Choose CSV File
              <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={choose} aria-label="CSV file" data-testid="csv-file-input" />
            </Button>
            {file && (
              <Typography sx={{ mt: 1 }} data-testid="chosen-file">
                Selected: {file.name}
              </Typography>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => void start()} disabled={!file || busy}>
              {busy ? 'Uploading...' : 'Upload & Register'}
            </Button>
            <Button variant="outlined" onClick={onBack} disabled={busy}>
              Back to My Kits
            </Button>
          </Stack>
        </>
      )}

      {(busy || finished) && (
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">{finished ? 'Complete!' : 'Uploading and processing...'}</Typography>
            <Typography variant="body2">{progress}%</Typography>
          </Stack>
          <LinearProgress variant="determinate" value={progress} aria-label="Import progress" />
        </Box>
      )}
    </Stack>
  );
}
