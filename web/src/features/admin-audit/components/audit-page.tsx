import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditTargetType, type CurrentUser } from '@bleedkits/contracts';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { AdminOnlyPage } from '@/components/admin-only-page';
import { PageMeta } from '@/components/page-meta';
import { auditActionLabel, auditChangeLines, auditTime } from '@/config/audit';
import { PATHS } from '@/config/paths';
import { type AuditPageArgs, useAdminAuditPageQuery } from '../api';

const META = { title: 'Audit Trail', description: 'Who did what to which kit or user, and what changed.' };
export const AUDIT_PAGE_SIZE = 25;
// Typed by the contract's list, so a new target type cannot go unnamed here.
const TARGET_LABELS: Record<AuditTargetType, string> = {
  kit: 'Kit',
  user: 'User',
  'feed-key': 'Feed key',
  download: 'Download',
  'email-template': 'E-mail template',
  manufacturer: 'Manufacturer',
  backup: 'Backup',
  'cloud-storage': 'Cloud storage',
};

type Filters = Required<Pick<AuditPageArgs, 'actorEmail' | 'action' | 'targetType' | 'targetId' | 'from' | 'to'>>;
const NO_FILTERS: Filters = { actorEmail: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export type AuditPageProps = { user: CurrentUser | null; isLoading?: boolean };

/** /admin/audit (admins only): the audit trail, newest first, a page at a time, filtered by actor, action, target and date. */
export function AuditPage({ user, isLoading = false }: AuditPageProps) {
  return (
    <AdminOnlyPage user={user} isLoading={isLoading} meta={META}>
      <AuditTrail />
    </AdminOnlyPage>
  );
}

/** The day after a date (YYYY-MM-DD), so "to" includes the whole day the admin picked. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function AuditTrail() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The cursors of the pages seen so far, so "Newer" goes back without the server keeping anything.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const page = useAdminAuditPageQuery({ ...filters, to: filters.to ? dayAfter(filters.to) : '', cursor, limit: AUDIT_PAGE_SIZE });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setCursors([null]);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setCursors([null]);
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <PageMeta {...META} />
      <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} size="small">
        Back to Admin
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        Audit Trail
      </Typography>
      <Paper variant="outlined" component="form" aria-label="Filters" onSubmit={apply} sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField label="Actor e-mail" size="small" value={draft.actorEmail} onChange={set('actorEmail')} />
          <TextField select label="Action" size="small" value={draft.action} onChange={set('action')} sx={{ minWidth: 200 }}>
            <MenuItem value="">Any action</MenuItem>
            {AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {auditActionLabel(a)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Target" size="small" value={draft.targetType} onChange={set('targetType')} sx={{ minWidth: 140 }}>
            <MenuItem value="">Any target</MenuItem>
            {AUDIT_TARGET_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {TARGET_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Target id" size="small" value={draft.targetId} onChange={set('targetId')} />
          <TextField label="From" type="date" size="small" value={draft.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label="To" type="date" size="small" value={draft.to} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} />
          <Button type="submit" variant="contained">
            Apply filters
          </Button>
          <Button onClick={clear}>Clear</Button>
        </Stack>
      </Paper>
      {page.isFetching && !page.data && <CircularProgress aria-label="Reading the audit trail" />}
      {page.isError && <Alert severity="error">{serverMessageOr(page.error, 'The audit trail could not be read. Please try again.')}</Alert>}
      {page.data && page.data.items.length === 0 && <Alert severity="info">No entries match these filters.</Alert>}
      {page.data && page.data.items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Audit entries">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Target</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.data.items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{auditTime(entry.at)}</TableCell>
                  <TableCell>
                    {entry.actor.email}
                    {entry.actor.role ? ` (${entry.actor.role})` : ''}
                  </TableCell>
                  <TableCell>{auditActionLabel(entry.action)}</TableCell>
                  <TableCell>
                    {TARGET_LABELS[entry.target.type]}: {entry.target.label}
                  </TableCell>
                  <TableCell>
                    {auditChangeLines(entry).map((line) => (
                      <Box key={line} component="div" sx={{ wordBreak: 'break-word' }}>
                        {line}
                      </Box>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer entries
        </Button>
        <Button disabled={!page.data?.next || page.isFetching} onClick={() => page.data?.next && setCursors([...cursors, page.data.next])}>
          Older entries
        </Button>
      </Stack>
    </Container>
  );
}
