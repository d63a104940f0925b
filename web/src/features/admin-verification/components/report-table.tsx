import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  VERIFICATION_REPORT_DEFAULT_LIMIT,
  type VerificationReportKit,
  type VerificationReportName,
  displayKitId,
  formatDateGb,
} from '@bleedkits/contracts';
import { type ReactNode, useState } from 'react';
import { useVerificationAllReportQuery, useVerificationOverdueReportQuery, useVerificationUpcomingReportQuery } from '../api';

/** While the verification projection is behind the kits feed, the report is asked again this often. */
export const UPDATING_POLL_MS = 2000;
export const UPDATING_TEXT = 'Updating…';

const QUERIES = {
  all: useVerificationAllReportQuery,
  overdue: useVerificationOverdueReportQuery,
  upcoming: useVerificationUpcomingReportQuery,
} as const;

type ReportTableProps = {
  report: VerificationReportName;
  label: string;
  empty: string;
  /** A line above the table from the report's own fields (its dates). */
  caption?: (data: Record<string, unknown>) => ReactNode;
};

/**
 * One report, a page at a time from the server, most overdue first. While the report is behind the kits feed
 * (`catchingUp`, e.g. just after a bulk date update) it says "Updating…" and asks again until it is current. The
 * whole report downloads as CSV (streamed by the server).
 */
export function ReportTable({ report, label, empty, caption }: ReportTableProps) {
  const [page, setPage] = useState(1);
  const [catchingUp, setCatchingUp] = useState(false);
  const result = QUERIES[report]({ page, limit: VERIFICATION_REPORT_DEFAULT_LIMIT }, { pollingInterval: catchingUp ? UPDATING_POLL_MS : 0 });
  const data = result.data;
  if (data && data.catchingUp !== catchingUp) setCatchingUp(data.catchingUp);
  if (result.isError) return <Alert severity="error">Failed to load verification data. Please try again.</Alert>;
  if (!data) return null;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          {caption?.(data as unknown as Record<string, unknown>)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {data.catchingUp && (
            <Typography role="status" variant="body2" color="text.secondary">
              {UPDATING_TEXT}
            </Typography>
          )}
          <Button size="small" startIcon={<Download />} href={`/api/admin/verification-reports/${report}/csv`} download>
            Download CSV
          </Button>
        </Stack>
      </Stack>
      {data.kits.length === 0 ? <Typography sx={{ py: 2 }}>{empty}</Typography> : <KitRows kits={data.kits} label={label} />}
      {data.total > data.limit && (
        <TablePagination
          component="div"
          count={data.total}
          page={page - 1}
          onPageChange={(_, p: number) => setPage(p + 1)}
          rowsPerPage={data.limit}
          rowsPerPageOptions={[data.limit]}
        />
      )}
    </>
  );
}

function KitRows({ kits, label }: { kits: VerificationReportKit[]; label: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Kit</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Custodian</TableCell>
            <TableCell>Last Verified</TableCell>
            <TableCell>Due Date</TableCell>
            <TableCell align="right">Days Overdue</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {kits.map((k) => (
            <TableRow key={k.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {displayKitId(k.id)}
                <Typography variant="caption" component="p" color="text.secondary">
                  {k.serialNumber}
                </Typography>
              </TableCell>
              <TableCell>
                {k.locationName}
                <Typography variant="caption" component="p" color="text.secondary">
                  {[k.addressLine1, k.city, k.postcode].filter(Boolean).join(', ')}
                </Typography>
              </TableCell>
              <TableCell>
                {k.custodianName}
                <Typography variant="caption" component="p" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {k.custodianEmail}
                </Typography>
              </TableCell>
              <TableCell>{k.lastVerifiedAt ? formatDateGb(k.lastVerifiedAt) : 'Not verified'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateGb(k.nextVerificationDue)}</TableCell>
              <TableCell align="right">{k.daysOverdue}</TableCell>
              <TableCell>
                <Chip size="small" color={k.isOverdue ? 'error' : 'warning'} label={k.isOverdue ? 'Overdue' : 'Due Soon'} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
