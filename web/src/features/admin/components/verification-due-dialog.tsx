import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  ADMIN_EXPORT_FILES,
  VERIFICATION_DUE_CSV_COLUMNS,
  VERIFICATION_DUE_WINDOW_DAYS,
  formatDateGb,
  type VerificationDueRow,
} from '@bleedkits/contracts';
import { exportCsv } from '../lib/save-file';

const STATE_COLOUR = { Overdue: 'error', 'Due Soon': 'warning', 'No Due Date': 'default' } as const;

/** Active kits due for verification within 30 days, overdue, or without a due date. */
export function VerificationDueDialog({ rows, onClose }: { rows: VerificationDueRow[]; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="verification-due-title">
      <DialogTitle id="verification-due-title">Verification Due Report</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {rows.length} active kits are overdue, due within {VERIFICATION_DUE_WINDOW_DAYS} days, or have no verification due date.
        </Typography>
        {rows.length === 0 ? (
          <Typography>No kits are due for verification.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Kits due for verification">
              <TableHead>
                <TableRow>
                  <TableCell>Serial Number</TableCell>
                  <TableCell>Location</TableCell>
                  <TableCell>City</TableCell>
                  <TableCell>Postcode</TableCell>
                  <TableCell>Custodian</TableCell>
                  <TableCell>Due Date</TableCell>
                  <TableCell align="right">Days Overdue</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.kit.id}>
                    <TableCell>{r.kit.serialNumber}</TableCell>
                    <TableCell>{r.kit.locationName}</TableCell>
                    <TableCell>{r.kit.city}</TableCell>
                    <TableCell>{r.kit.postcode}</TableCell>
                    <TableCell>{r.kit.custodianName}</TableCell>
                    <TableCell>{r.dueDate ? formatDateGb(r.dueDate) : 'Not set'}</TableCell>
                    <TableCell align="right">{r.daysOverdue ?? '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={r.state} color={STATE_COLOUR[r.state]} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<Download />}
          disabled={rows.length === 0}
          onClick={() => exportCsv(ADMIN_EXPORT_FILES.verificationDue, rows, VERIFICATION_DUE_CSV_COLUMNS)}
        >
          Export CSV
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
