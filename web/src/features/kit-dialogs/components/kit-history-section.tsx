import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@bleedkits/contracts';
import { useEffect, useState } from 'react';
import { serverMessageOr } from '@/api/api';
import { auditActionLabel, auditChangeLines, auditTime } from '@/config/audit';
import { useCustodianKitHistoryQuery } from '../api';

/** Admins only: who approved, rejected or edited this kit and what changed, read from the audit trail when asked for. */
export function KitHistorySection({ kitId, open }: { kitId: number; open: boolean }) {
  const [requested, setRequested] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [shown, setShown] = useState<AuditEntry[]>([]);
  const page = useCustodianKitHistoryQuery({ kitId, cursor }, { skip: !open || !requested });

  useEffect(() => {
    const items = page.data?.items;
    if (items) setShown((before) => [...before, ...items.filter((e) => !before.some((b) => b.id === e.id))]);
  }, [page.data]);

  return (
    <Paper variant="outlined" component="section" aria-label="History" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        History
      </Typography>
      {!requested && (
        <Button variant="outlined" onClick={() => setRequested(true)}>
          Show history
        </Button>
      )}
      {requested && page.isFetching && shown.length === 0 && <CircularProgress size={24} aria-label="Reading the history" />}
      {page.isError && <Alert severity="error">{serverMessageOr(page.error, 'The history could not be read. Please try again.')}</Alert>}
      {requested && page.data && shown.length === 0 && <Typography color="text.secondary">Nothing recorded for this kit yet.</Typography>}
      {shown.length > 0 && (
        <List dense aria-label="Kit history">
          {shown.map((entry) => (
            <ListItem key={entry.id} sx={{ display: 'block', px: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {auditActionLabel(entry.action)} by {entry.actor.email}, {auditTime(entry.at)}
              </Typography>
              {auditChangeLines(entry).map((line) => (
                <Box key={line} sx={{ typography: 'body2', color: 'text.secondary', wordBreak: 'break-word' }}>
                  {line}
                </Box>
              ))}
            </ListItem>
          ))}
        </List>
      )}
      {page.data?.next && (
        <Button onClick={() => setCursor(page.data!.next)} disabled={page.isFetching}>
          Show older
        </Button>
      )}
    </Paper>
  );
}
