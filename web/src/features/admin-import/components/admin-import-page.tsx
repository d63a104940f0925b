import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toCsv } from '@bleedkits/contracts';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { useToast } from '@/components/toasts/use-toast';
import {
  KIT_TYPE_ACCESS,
  type KitType,
  type PreviewCsv,
  REQUIRED_PREVIEW_COLUMNS,
  kitTypeOf,
  missingColumns,
  parsePreviewCsv,
  sizeInKb,
  validatedFileName,
} from '../lib/preview-csv';
import { PATHS } from '@/config/paths';

/** The spec shows the first 10 rows. */
const PREVIEW_ROWS = 10;

type Loaded = { name: string; size: number; csv: PreviewCsv };

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

function saveText(filename: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * /admin/import: a preview of a CSV file in the browser (nothing is sent to a server). The file name sets the kind
 * of kits (cabinet or building), a toggle switches it; Validate Data checks the columns; Export Validated CSV saves
 * the rows with what the kind of kit implies.
 */
export function AdminImportPage() {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [type, setType] = useState<KitType>('cabinet');
  const [validated, setValidated] = useState<string[] | null>(null);

  const clear = () => {
    setLoaded(null);
    setValidated(null);
    setType('cabinet');
    if (input.current) input.current.value = '';
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setValidated(null);
    try {
      if (!file.name.toLowerCase().endsWith('.csv')) throw new Error('not a CSV file');
      const csv = parsePreviewCsv(await readText(file));
      setLoaded({ name: file.name, size: file.size, csv });
      setType(kitTypeOf(file.name));
    } catch {
      setLoaded(null);
      toast({ title: 'Error', description: 'Failed to parse CSV file', variant: 'destructive' });
    }
  };

  const exportValidated = () => {
    if (!loaded) return;
    const access = KIT_TYPE_ACCESS[type];
    const columns = [
      ...loaded.csv.headers.map((h) => ({ header: h, value: (r: Record<string, string>) => r[h] })),
      { header: 'Kit Type', value: () => type },
      { header: 'Access', value: () => access.access },
      { header: 'Access Code', value: () => access.code },
    ];
    saveText(validatedFileName(type), toCsv(loaded.csv.rows, columns));
  };

  const total = loaded?.csv.rows.length ?? 0;
  const access = KIT_TYPE_ACCESS[type];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageMeta title="CSV Import Preview" description="Preview and check a CSV file of kits before it is imported." />
      <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Back to Admin
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        CSV Import Preview
      </Typography>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Instructions
          </Typography>
          <Typography sx={{ mb: 1 }}>
            This page previews and checks a CSV file in your browser; nothing is sent to the server. The real import is done directly with admin
            credentials: signed in as an admin, use Bulk Upload on the dashboard (POST /api/admin/bleed-kits/import).
          </Typography>
          <Typography sx={{ mb: 1 }}>
            <strong>Required columns:</strong> {REQUIRED_PREVIEW_COLUMNS.join(', ')}.
          </Typography>
          <Typography>
            <strong>Optional:</strong> Address Line 2, What3words, Latitude/Longitude, custodian information, ambulance service.
          </Typography>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" component="label" startIcon={<UploadFile />}>
              Choose CSV File
              <input
                ref={input}
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={(e) => void choose(e)}
                aria-label="CSV file"
                data-testid="preview-file-input"
              />
            </Button>
            {loaded && (
              <>
                <Button variant="outlined" onClick={() => setType(type === 'cabinet' ? 'building' : 'cabinet')}>
                  {type === 'cabinet' ? 'Switch to Building Kits' : 'Switch to Cabinet Kits'}
                </Button>
                <Button variant="outlined" onClick={() => setValidated(missingColumns(loaded.csv.headers))}>
                  Validate Data
                </Button>
                <Button variant="outlined" startIcon={<Download />} onClick={exportValidated}>
                  Export Validated CSV
                </Button>
                <Button color="inherit" onClick={clear}>
                  Clear
                </Button>
              </>
            )}
          </Stack>

          {loaded ? (
            <Stack spacing={2}>
              <Box data-testid="file-details">
                <Typography>
                  <strong>File:</strong> {loaded.name} ({sizeInKb(loaded.size)})
                </Typography>
                <Typography>
                  <strong>Kit type:</strong> {access.label} —{' '}
                  {type === 'cabinet' ? `${access.access} with access code ${access.code}` : `limited hours, ${access.access}`}
                </Typography>
              </Box>
              {validated &&
                (validated.length === 0 ? (
                  <Alert severity="success">Preview complete: {total} rows checked. Nothing has been sent to the server.</Alert>
                ) : (
                  <Alert severity="warning">
                    Preview complete: {total} rows checked. Missing required columns: {validated.join(', ')}.
                  </Alert>
                ))}
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="CSV preview">
                  <TableHead>
                    <TableRow>
                      {loaded.csv.headers.map((h, i) => (
                        <TableCell key={`${h}-${i}`}>{h}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {loaded.csv.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
                      <TableRow key={r}>
                        {loaded.csv.headers.map((h, i) => (
                          <TableCell key={`${h}-${i}`}>{row[h]}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Typography variant="body2" color="text.secondary">
                Showing {Math.min(PREVIEW_ROWS, total)} of {total} rows
              </Typography>
            </Stack>
          ) : (
            <Typography color="text.secondary">Choose a .csv file to preview it.</Typography>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
