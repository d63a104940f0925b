import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Previous / Next under a paged table, named for what it pages ("Access log pages"). */
export function Pager({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <Stack direction="row" spacing={1} component="nav" aria-label={label} sx={{ mt: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
      <Button size="small" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Typography variant="body2">
        Page {page} of {pageCount}
      </Typography>
      <Button size="small" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
      </Button>
    </Stack>
  );
}
