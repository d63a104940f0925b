import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KitListState } from '../hooks/use-kit-list';
import { PAGE_SIZES, pageText, showingText } from '../kit-list';
import { OptionSelect } from '@/components/forms/option-select';

export function KitPagination({ list }: { list: KitListState }) {
  const { page } = list;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {showingText(page)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="nav" aria-label="Kit pages">
        <OptionSelect
          size="small"
          label="Per page"
          value={String(list.pageSize)}
          onChange={(e) => list.setPageSize(Number(e.target.value))}
          options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
        />
        <Button size="small" disabled={page.page <= 1} onClick={() => list.setPage(page.page - 1)}>
          Previous
        </Button>
        <Typography variant="body2">{pageText(page)}</Typography>
        <Button size="small" disabled={page.page >= page.pageCount} onClick={() => list.setPage(page.page + 1)}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
