import Chip from '@mui/material/Chip';
import { VERIFICATION_DUE_WINDOW_DAYS, formatDateGb } from '@bleedkits/contracts';
import { ADMIN_EXPORT_FILES, VERIFICATION_DUE_CSV_COLUMNS, type VerificationDueRow } from '../lib/admin-console';
import { exportCsv } from '../lib/save-file';
import { type ReportColumn, ReportDialog } from './report-dialog';

const STATE_COLOUR = { Overdue: 'error', 'Due Soon': 'warning', 'No Due Date': 'default' } as const;

const COLUMNS: readonly ReportColumn<VerificationDueRow>[] = [
  { header: 'Serial Number', cell: (r) => r.kit.serialNumber },
  { header: 'Location', cell: (r) => r.kit.locationName },
  { header: 'Address', cell: (r) => [r.kit.addressLine1, r.kit.addressLine2].filter(Boolean).join(', ') },
  { header: 'City', cell: (r) => r.kit.city },
  { header: 'Postcode', cell: (r) => r.kit.postcode },
  { header: 'Custodian', cell: (r) => r.kit.custodianName },
  { header: 'Due Date', cell: (r) => (r.dueDate ? formatDateGb(r.dueDate) : 'Not set') },
  { header: 'Days Overdue', cell: (r) => r.daysOverdue ?? '—', numeric: true },
  { header: 'Status', cell: (r) => <Chip size="small" label={r.state} color={STATE_COLOUR[r.state]} /> },
];

/** Active kits due for verification within 30 days, overdue, or without a due date. */
export function VerificationDueDialog({ rows, onClose }: { rows: VerificationDueRow[]; onClose: () => void }) {
  return (
    <ReportDialog
      id="verification-due-title"
      title="Verification Due Report"
      summary={`${rows.length} active kits are overdue, due within ${VERIFICATION_DUE_WINDOW_DAYS} days, or have no verification due date.`}
      emptyText="No kits are due for verification."
      tableLabel="Kits due for verification"
      rows={rows}
      rowKey={(r) => r.kit.id}
      columns={COLUMNS}
      onExport={() => exportCsv(ADMIN_EXPORT_FILES.verificationDue, rows, VERIFICATION_DUE_CSV_COLUMNS)}
      onClose={onClose}
    />
  );
}
