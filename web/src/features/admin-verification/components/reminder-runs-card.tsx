import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { REMINDER_RUN_STATUS_LABELS, type ReminderRunStatus, type VerificationReminderRun } from '@bleedkits/contracts';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toasts/use-toast';
import { useReminderRunQuery, useReminderRunsQuery, useStartReminderRunMutation } from '../api';
import { REMINDER_RUN_TEXTS as T, runProgress, runSummary, whenText } from './reminder-run-texts';

const STATUS_COLOURS: Record<ReminderRunStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
};
/** How often a run still going, or still being delivered, is asked again. */
const POLL_MS = 1000;

const isSettled = (run: VerificationReminderRun | undefined) =>
  !!run && (run.status === 'failed' || (run.status === 'done' && run.emailsSent + run.emailsFailed >= run.emailsQueued));

/**
 * Reminder runs: "Run reminders now" queues a run (the answer is its id at once), the current run shows its
 * progress until it is done and its e-mails have left, and the history lists the runs, newest first.
 */
export function ReminderRunsCard() {
  const [page, setPage] = useState(1);
  const [started, setStarted] = useState<string | null>(null);
  const [start, startState] = useStartReminderRunMutation();
  const toast = useToast();
  const history = useReminderRunsQuery(page);
  const latest = history.data?.data[0];
  // The run this admin started, else the newest one while it is still going.
  const currentId = started ?? (latest && (latest.status === 'queued' || latest.status === 'running') ? latest.runId : null);
  const [settled, setSettled] = useState(false);
  const current = useReminderRunQuery(currentId ?? skipToken, { pollingInterval: currentId && !settled ? POLL_MS : 0 });
  const refetchHistory = history.refetch;

  useEffect(() => {
    const now = isSettled(current.data);
    setSettled(now);
    if (now) void refetchHistory();
  }, [current.data, refetchHistory]);

  const onStart = async () => {
    try {
      const { runId } = await start().unwrap();
      setSettled(false);
      setStarted(runId);
      toast({ title: T.started.title, description: T.started.description });
    } catch {
      toast({ ...T.startFailed, variant: 'destructive' });
    }
  };

  const run = current.data;
  return (
    <Card component="section" aria-label={T.title} sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {T.title}
          </Typography>
          <Button variant="contained" startIcon={<PlayArrow />} onClick={() => void onStart()} disabled={startState.isLoading || (!!run && !settled)}>
            {T.runNow}
          </Button>
        </Stack>

        {run && (
          <Box sx={{ mb: 2 }} role="region" aria-label={T.currentRun}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip size="small" color={STATUS_COLOURS[run.status]} label={REMINDER_RUN_STATUS_LABELS[run.status]} />
              <Typography variant="body2">{runSummary(run)}</Typography>
            </Stack>
            <LinearProgress
              variant={run.status === 'queued' ? 'indeterminate' : 'determinate'}
              value={runProgress(run)}
              aria-label={T.progressLabel}
            />
            {run.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {run.error}
              </Alert>
            )}
          </Box>
        )}

        {history.isError && <Alert severity="error">{T.historyFailed}</Alert>}
        {history.data && history.data.data.length === 0 && <Typography variant="body2">{T.noRuns}</Typography>}
        {history.data && history.data.data.length > 0 && (
          <>
            <TableContainer>
              <Table size="small" aria-label={T.historyLabel}>
                <TableHead>
                  <TableRow>
                    <TableCell>Started</TableCell>
                    <TableCell>Requested by</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Kits</TableCell>
                    <TableCell align="right">Custodians</TableCell>
                    <TableCell align="right">E-mails sent</TableCell>
                    <TableCell align="right">Failed</TableCell>
                    <TableCell>Finished</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {history.data.data.map((r) => (
                    <TableRow key={r.runId}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{whenText(r.startedAt ?? r.queuedAt)}</TableCell>
                      <TableCell>{r.requestedBy === 'admin' ? 'An admin' : 'Schedule'}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS_COLOURS[r.status]} label={REMINDER_RUN_STATUS_LABELS[r.status]} />
                      </TableCell>
                      <TableCell align="right">{r.kitsConsidered}</TableCell>
                      <TableCell align="right">{r.custodians}</TableCell>
                      <TableCell align="right">
                        {r.emailsSent} of {r.emailsQueued}
                      </TableCell>
                      <TableCell align="right">{r.emailsFailed}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.finishedAt ? whenText(r.finishedAt) : '–'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {history.data.pagination.pageCount > 1 && (
              <TablePagination
                component="div"
                count={history.data.pagination.total}
                page={page - 1}
                onPageChange={(_, p: number) => setPage(p + 1)}
                rowsPerPage={history.data.pagination.pageSize}
                rowsPerPageOptions={[history.data.pagination.pageSize]}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
