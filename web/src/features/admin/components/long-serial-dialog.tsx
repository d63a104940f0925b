import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
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
import { ADMIN_EXPORT_FILES, LONG_SERIAL_CSV_COLUMNS, LONG_SERIAL_LENGTH, kitStatusLabel, type AdminKit } from '@bleedkits/contracts';
import { exportCsv } from '../lib/save-file';

/** Kits whose serial number is longer than 20 characters, flagged for review. */
export function LongSerialDialog({ kits, onClose }: { kits: AdminKit[]; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="long-serial-title">
      <DialogTitle id="long-serial-title">Long Serial Numbers Report</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {kits.length} kits have a serial number longer than {LONG_SERIAL_LENGTH} characters and should be reviewed.
        </Typography>
        {kits.length === 0 ? (
          <Typography>No long serial numbers found.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Kits with long serial numbers">
              <TableHead>
                <TableRow>
                  <TableCell>Current Serial Number</TableCell>
                  <TableCell align="right">Length</TableCell>
                  <TableCell>Location</TableCell>
                  <TableCell>City</TableCell>
                  <TableCell>Postcode</TableCell>
                  <TableCell>Custodian</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {kits.map((k) => (
                  <TableRow key={k.id}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{k.serialNumber}</TableCell>
                    <TableCell align="right">{k.serialNumber.length}</TableCell>
                    <TableCell>{k.locationName}</TableCell>
                    <TableCell>{k.city}</TableCell>
                    <TableCell>{k.postcode}</TableCell>
                    <TableCell>{k.custodianName}</TableCell>
                    <TableCell>{kitStatusLabel(k.status)}</TableCell>
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
          disabled={kits.length === 0}
          onClick={() => exportCsv(ADMIN_EXPORT_FILES.longSerials, kits, LONG_SERIAL_CSV_COLUMNS)}
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
