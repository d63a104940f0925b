import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { CsvUpdateMessages, type CsvComparisonResponse, type CsvUpdateEntry } from '@bleedkits/contracts';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { api, serverMessageOr } from '@/api/api';
import { KIT_OWNERSHIP_CHANGED_TAGS } from '@/api/cache-tags';
import { useAppDispatch } from '@/app/hooks';
import { useToast } from '@/components/toasts/use-toast';
import { useAdminCsvUpdateEntriesQuery, useAdminCsvUpdateStatusQuery, useAdminQueueCsvUpdatesMutation } from '@/features/admin/csv-comparison-api';
import { type ProposedChange, approvedUpdates, proposedChanges, shortError } from './proposed-changes';

/** The spec's admin polling interval. */
const POLL_MS = 2000;
const PAGE = 100;

function ProposedValue({
  change,
  editing,
  onEdit,
  onSave,
  onCancel,
}: {
  change: Extract<ProposedChange, { type: 'update' }>;
  editing: boolean;
  onEdit: () => void;
  onSave: (value: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(change.new_value);
  useEffect(() => setDraft(change.new_value), [change.new_value, editing]);
  if (!editing) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <span>{change.new_value}</span>
        <IconButton size="small" aria-label={`Edit proposed ${change.field} of ${change.kit_info.serial}`} onClick={onEdit}>
          <Edit fontSize="small" />
        </IconButton>
      </Stack>
    );
  }
  const keys = (e: KeyboardEvent) => {
    // Escape cancels the edit only; it must not close the dialog.
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onSave(draft.trim());
    }
  };
  return (
    <TextField
      size="small"
      autoFocus
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={keys}
      slotProps={{ htmlInput: { 'aria-label': `New ${change.field} for ${change.kit_info.serial}`, maxLength: 5000 } }}
      helperText="Enter saves, Escape cancels"
    />
  );
}

function EntriesTable({ entries }: { entries: CsvUpdateEntry[] }) {
  const shown = entries.slice(0, 500);
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label="Update progress">
        <TableHead>
          <TableRow>
            {['ID', 'Status', 'Action', 'DB ID', 'Processed At', 'Error'].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{e.id}</TableCell>
              <TableCell>
                <Chip size="small" label={e.status} color={e.status === 'completed' ? 'success' : e.status === 'failed' ? 'error' : 'default'} />
              </TableCell>
              <TableCell>{e.action}</TableCell>
              <TableCell>{e.dbId ?? ''}</TableCell>
              <TableCell>{e.processedAt ? new Date(e.processedAt).toLocaleString('en-GB') : ''}</TableCell>
              <TableCell title={e.errorMessage ?? undefined}>{shortError(e.errorMessage)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {entries.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          Showing the first {shown.length} of {entries.length} updates.
        </Typography>
      )}
    </TableContainer>
  );
}

/**
 * CSV Database Comparison Results: review each proposed change (edit a value: Enter saves, Escape cancels; or
 * remove it), then apply them as one queued background job, whose per-update progress is polled every 2 s.
 */
export function CsvComparisonDialog({ result, onClose }: { result: CsvComparisonResponse; onClose: () => void }) {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [changes, setChanges] = useState<ProposedChange[]>(() => proposedChanges(result));
  const [editing, setEditing] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [jobId, setJobId] = useState<string | null>(null);
  const [polling, setPolling] = useState(true);
  const [queue, queuing] = useAdminQueueCsvUpdatesMutation();
  const status = useAdminCsvUpdateStatusQuery(jobId ?? skipToken, { pollingInterval: polling ? POLL_MS : 0 });
  const entries = useAdminCsvUpdateEntriesQuery(jobId ?? skipToken, { pollingInterval: polling ? POLL_MS : 0 });
  const state = status.data?.status;
  const processing = jobId !== null && state !== 'completed' && state !== 'failed';

  useEffect(() => {
    // A polling error silently stops polling (spec).
    if (status.isError || entries.isError) setPolling(false);
  }, [status.isError, entries.isError]);

  const refetchEntries = entries.refetch;
  useEffect(() => {
    if (!jobId || !polling || !status.data) return;
    const done = status.data.status === 'completed' || status.data.status === 'failed';
    // The entries were last read before the job finished: read them once more, then stop.
    if (done) void refetchEntries();
    if (status.data.status === 'completed') {
      setPolling(false);
      // The approved rows updated kits and created new ones.
      dispatch(api.util.invalidateTags([...KIT_OWNERSHIP_CHANGED_TAGS]));
      toast({ title: 'Updates applied', description: `${status.data.progress.successful} updates applied, ${status.data.progress.failed} failed.` });
    } else if (status.data.status === 'failed') {
      setPolling(false);
      toast({ title: CsvUpdateMessages.jobFailedTitle, description: CsvUpdateMessages.jobFailed, variant: 'destructive' });
    }
  }, [status.data, jobId, polling, dispatch, toast, refetchEntries]);

  const updates = useMemo(() => changes.filter((c) => c.type === 'update').length, [changes]);
  const creates = changes.length - updates;

  const apply = async () => {
    try {
      const queued = await queue(approvedUpdates(changes)).unwrap();
      setJobId(queued.jobId);
      setPolling(true);
      toast({ title: 'Updates queued', description: `${queued.totalUpdates} updates will be applied in the background.` });
    } catch (error) {
      toast({ title: CsvUpdateMessages.queueFailed, description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const save = (id: string, value: string) => {
    setChanges((all) => all.map((c) => (c.id === id && c.type === 'update' ? { ...c, new_value: value } : c)));
    setEditing(null);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="csv-comparison-title" scroll="paper">
      <DialogTitle id="csv-comparison-title">CSV Database Comparison Results</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }} data-testid="comparison-summary">
          {result.summary.matched_count} kits matched, {result.summary.potential_updates} with changes; {result.summary.new_kits} new kits.
        </Typography>
        {jobId ? (
          <Stack spacing={2}>
            <Alert severity={state === 'failed' ? 'error' : state === 'completed' ? 'success' : 'info'}>
              Job ID: <strong>{jobId}</strong> — {state ?? 'queued'}
              {status.data &&
                ` (${status.data.progress.successful} successful, ${status.data.progress.failed} failed of ${status.data.totalUpdates})`}
            </Alert>
            <EntriesTable entries={entries.data?.entries ?? []} />
          </Stack>
        ) : changes.length === 0 ? (
          <Typography>No changes to apply.</Typography>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {updates} field changes and {creates} new kits. Edit a proposed value or remove a change before applying.
            </Typography>
            <TableContainer>
              <Table size="small" aria-label="Proposed changes">
                <TableHead>
                  <TableRow>
                    <TableCell>Kit</TableCell>
                    <TableCell>Change</TableCell>
                    <TableCell>Field</TableCell>
                    <TableCell>Current</TableCell>
                    <TableCell>Proposed</TableCell>
                    <TableCell>
                      <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                        Actions
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.slice(0, shown).map((c) => (
                    <TableRow key={c.id}>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        {c.kit_info.serial}
                        <br />
                        <Typography variant="caption" color="text.secondary">
                          {c.kit_info.location}
                        </Typography>
                      </TableCell>
                      <TableCell>{c.type === 'update' ? `Update BCK-${c.dbId}` : 'New kit'}</TableCell>
                      <TableCell>{c.type === 'update' ? c.field : ''}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{c.type === 'update' ? (c.old_value ?? '') : ''}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        {c.type === 'update' ? (
                          <ProposedValue
                            change={c}
                            editing={editing === c.id}
                            onEdit={() => setEditing(c.id)}
                            onSave={(v) => save(c.id, v)}
                            onCancel={() => setEditing(null)}
                          />
                        ) : (
                          Object.entries(c.csv_data)
                            .filter(([, v]) => v)
                            .map(([k, v]) => `${k}: ${v}`)
                            .join(', ')
                        )}
                      </TableCell>
                      <TableCell>
                        <IconButton
                          size="small"
                          aria-label={`Remove ${c.type === 'update' ? `${c.field} change` : 'new kit'} for ${c.kit_info.serial || c.kit_info.location}`}
                          onClick={() => setChanges((all) => all.filter((x) => x.id !== c.id))}
                        >
                          <Delete fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {changes.length > shown && (
              <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + PAGE)}>
                Show {Math.min(PAGE, changes.length - shown)} more of {changes.length - shown}
              </Button>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {!jobId && (
          <Button variant="contained" onClick={() => void apply()} disabled={queuing.isLoading || processing || changes.length === 0}>
            {queuing.isLoading ? 'Queuing...' : `Apply ${changes.length} Changes`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
