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
import type { ReactNode } from 'react';

export type ReportColumn<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean; breakAll?: boolean };

type ReportDialogProps<T> = {
  id: string;
  title: string;
  summary: string;
  emptyText: string;
  tableLabel: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: readonly ReportColumn<T>[];
  onExport: () => void;
  onClose: () => void;
};

/** The admin's report dialogs: a summary, a table (or the empty text), Export CSV and Close. */
export function ReportDialog<T>({ id, title, summary, emptyText, tableLabel, rows, rowKey, columns, onExport, onClose }: ReportDialogProps<T>) {
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {summary}
        </Typography>
        {rows.length === 0 ? (
          <Typography>{emptyText}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={tableLabel}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.numeric ? 'right' : undefined}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>
                    {columns.map((c) => (
                      <TableCell key={c.header} align={c.numeric ? 'right' : undefined} sx={c.breakAll ? { wordBreak: 'break-all' } : undefined}>
                        {c.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<Download />} disabled={rows.length === 0} onClick={onExport}>
          Export CSV
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
