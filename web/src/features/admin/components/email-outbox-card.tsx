import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTBOX_STATUSES, type OutboxStatus } from '@bleedkits/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAdminEmailOutboxQuery } from '../email-outbox-api';
import { PATHS } from '@/config/paths';

const STATUS_COLOUR: Record<OutboxStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  // Recorded, never sent: over the recipient's daily limit, or the recipient stopped e-mails about the kit.
  held: 'default',
  blocked: 'default',
};

/** dd/MM/yyyy HH:mm in UK time. */
export function outboxTime(value: string | null): string {
  if (!value) return '—';
  const d = new Date(value);
  return `${d.toLocaleDateString('en-GB', { timeZone: 'Europe/London' })} ${d.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })}`;
}

/** Admin Tools: the e-mail outbox, newest first, one page at a time. */
export function EmailOutboxCard() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const outbox = useAdminEmailOutboxQuery({ page, status: status || undefined }, { refetchOnMountOrArgChange: true });
  const data = outbox.data;

  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <div>
            <Typography variant="h6" component="h2">
              E-mail outbox
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every e-mail the register sends: what left, what is waiting to be retried and what failed.
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as OutboxStatus | '');
                setPage(1);
              }}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">All</MenuItem>
              {OUTBOX_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" startIcon={<Refresh />} onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
              Refresh
            </Button>
            <Button component={RouterLink} to={PATHS.adminEmailTemplates} variant="outlined" startIcon={<EmailOutlined />}>
              Email Templates
            </Button>
          </Stack>
        </Stack>
        {outbox.isLoading ? (
          <Typography role="status">Loading e-mails...</Typography>
        ) : outbox.isError || !data ? (
          <Alert severity="error">Failed to load the e-mail outbox. Please try again.</Alert>
        ) : data.data.length === 0 ? (
          <Typography color="text.secondary">No e-mails {status ? `with status ${status}` : 'yet'}.</Typography>
        ) : (
          <>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="E-mail outbox">
                <TableHead>
                  <TableRow>
                    <TableCell>Recipient</TableCell>
                    <TableCell>Template</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last error</TableCell>
                    <TableCell>Queued</TableCell>
                    <TableCell>Sent</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((m) => (
                    <TableRow key={m.id}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{m.to}</TableCell>
                      <TableCell title={m.subject}>{m.templateId}</TableCell>
                      <TableCell>
                        <Chip size="small" label={m.status} color={STATUS_COLOUR[m.status]} />
                      </TableCell>
                      <TableCell align="right">{m.attempts}</TableCell>
                      <TableCell sx={{ maxWidth: 280, color: 'error.main' }}>{m.lastError ?? ''}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{outboxTime(m.createdAt)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{outboxTime(m.sentAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
              <Typography variant="body2">
                Page {data.pagination.page} of {data.pagination.pageCount} ({data.pagination.total} e-mails)
              </Typography>
              <Button size="small" onClick={() => setPage(page - 1)} disabled={page <= 1 || outbox.isFetching}>
                Previous
              </Button>
              <Button size="small" onClick={() => setPage(page + 1)} disabled={page >= data.pagination.pageCount || outbox.isFetching}>
                Next
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
