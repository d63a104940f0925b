import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BACKUP_PAGE_SIZE, type BackupPagination, type BackupRecord, type BackupStatus } from '@bleedkits/contracts';
import { CLOUD_COPY_LABELS, STATUS_LABELS, formatBytes, formatDateTime, formatDuration, triggerLabel, typeLabel } from '../lib/format';
import { BACKUP_TEXTS as T } from './backup-texts';

const STATUS_COLOURS: Record<BackupStatus, 'success' | 'error' | 'info'> = { success: 'success', failed: 'error', in_progress: 'info' };

type Props = {
  rows: BackupRecord[];
  pagination: BackupPagination | undefined;
  /** 1-based, as the API counts. */
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
};

/** The paginated history, 10 a page (spec §9), newest first as the server answers. */
export function BackupHistoryTable({ rows, pagination, page, onPageChange, isLoading }: Props) {
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Backup history" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Trigger</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell align="right">Duration</TableCell>
              <TableCell>Cloud copy</TableCell>
              <TableCell>File</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading ? (
              <TableRow>
                <TableCell colSpan={8}>
                  <Typography role="status">Loading backups...</Typography>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8} align="center" sx={{ py: 4 }}>
                  {T.noHistory}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((b) => (
                <TableRow key={b.id} data-testid="backup-row" data-backup-id={b.id} data-status={b.status}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</TableCell>
                  <TableCell>{typeLabel(b)}</TableCell>
                  <TableCell>{triggerLabel(b)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOURS[b.status]} label={STATUS_LABELS[b.status]} />
                    {b.status === 'failed' && b.errorMessage && (
                      <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5, maxWidth: 260 }}>
                        {b.errorMessage}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="backup-size">
                    {formatBytes(b.sizeBytes)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(b.durationMs)}
                  </TableCell>
                  <TableCell>
                    {CLOUD_COPY_LABELS[b.cloudCopyStatus]}
                    {b.status === 'success' && b.cloudCopyStatus === 'failed' && b.errorMessage && (
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ maxWidth: 220 }}>
                        {b.errorMessage}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 160 }}>{b.fileName ?? '—'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination && pagination.total > 0 && (
        <TablePagination
          component="div"
          count={pagination.total}
          page={Math.max(0, page - 1)}
          rowsPerPage={pagination.pageSize || BACKUP_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => onPageChange(next + 1)}
        />
      )}
    </>
  );
}
