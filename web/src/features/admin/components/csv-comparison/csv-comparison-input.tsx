import CompareArrows from '@mui/icons-material/CompareArrows';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type CsvComparisonResponse, ComparisonMessages, ImportMessages, IMPORT_MAX_FILE_BYTES } from '@bleedkits/contracts';
import { type ChangeEvent, useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useAdminCompareCsvMutation } from '@/features/admin/csv-comparison-api';
import { CsvComparisonDialog } from './csv-comparison-dialog';

/** Admin Tools: choose a CSV file (an ambulance service's or a manufacturer's list) to compare with the register. */
export function CsvComparisonInput() {
  const toast = useToast();
  const [compare, { isLoading }] = useAdminCompareCsvMutation();
  const [result, setResult] = useState<CsvComparisonResponse | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.csv') || file.size > IMPORT_MAX_FILE_BYTES) {
      const [title, description] = (file.size > IMPORT_MAX_FILE_BYTES ? ImportMessages.tooLarge : ImportMessages.notCsv).split(': ');
      toast({ title, description, variant: 'destructive' });
      return;
    }
    try {
      setResult(await compare(file).unwrap());
    } catch (error) {
      toast({ title: ComparisonMessages.failed, description: serverMessageOr(error, ComparisonMessages.unparseable), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button variant="outlined" component="label" startIcon={<CompareArrows />} disabled={isLoading}>
        {isLoading ? 'Comparing...' : 'Compare CSV with Database'}
        <input
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => void choose(e)}
          aria-label="CSV file to compare"
          data-testid="csv-comparison-input"
        />
      </Button>
      <Typography variant="caption" color="text.secondary">
        Matches rows by serial number, then by location name and postcode.
      </Typography>
      {result && <CsvComparisonDialog result={result} onClose={() => setResult(null)} />}
    </>
  );
}
