import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAdminFeedPushLogQuery } from '@/features/admin/feed-push-api';
import { feedTime } from '@/features/admin/lib/feed-time';
import { deliveryAnswerText, deliveryEventText } from './feed-push-format';
import { Pager } from '@/components/pager';

/**
 * A feed client's push delivery log: every attempt of every batch and test event, newest first, one server page at
 * a time. `pollingInterval` keeps it fresh while it is shown (a test event appears once the sweep has sent it).
 */
export function DeliveryLog({ clientId, pollingInterval = 0 }: { clientId: string; pollingInterval?: number }) {
  const [page, setPage] = useState(1);
  const log = useAdminFeedPushLogQuery({ clientId, page }, { refetchOnMountOrArgChange: true, pollingInterval });
  const data = log.data;
  const pageCount = Math.max(1, data?.pagination.pageCount ?? 1);
  const headingId = `feed-push-log-heading-${clientId}`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Delivery log
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every attempt to deliver a batch or a test event, newest first.
      </Typography>
      {log.isError && <Alert severity="error">The delivery log could not be loaded.</Alert>}
      {log.isLoading && <Typography role="status">Loading...</Typography>}
      {data && data.data.length === 0 && <Typography color="text.secondary">Nothing has been sent yet.</Typography>}
      {data && data.data.length > 0 && (
        <>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Push delivery log">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Cursors</TableCell>
                  <TableCell align="right">Records</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>Answer</TableCell>
                  <TableCell align="right">Took</TableCell>
                  <TableCell>Error</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((d) => (
                  <TableRow key={d.id} data-outcome={d.outcome} data-event={d.type}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{feedTime(d.attemptedAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{deliveryEventText(d)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {d.afterCursor} to {d.nextCursor}
                    </TableCell>
                    <TableCell align="right">{d.records}</TableCell>
                    <TableCell>
                      {d.outcome === 'delivered' ? (
                        <Chip size="small" color="success" label="Delivered" />
                      ) : (
                        <Chip size="small" color="error" label="Failed" />
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{deliveryAnswerText(d)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {d.durationMs} ms
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>{d.error ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pager label="Delivery log pages" page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
    </section>
  );
}
