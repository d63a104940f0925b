import { LONG_SERIAL_LENGTH, type AdminKit } from '@bleedkits/contracts';
import { ADMIN_EXPORT_FILES, LONG_SERIAL_CSV_COLUMNS } from '../lib/admin-console';
import { kitStatusLabel } from '@/config/labels';
import { exportCsv } from '../lib/save-file';
import { type ReportColumn, ReportDialog } from './report-dialog';

const COLUMNS: readonly ReportColumn<AdminKit>[] = [
  { header: 'Current Serial Number', cell: (k) => k.serialNumber, breakAll: true },
  { header: 'Length', cell: (k) => k.serialNumber.length, numeric: true },
  { header: 'Location', cell: (k) => k.locationName },
  { header: 'City', cell: (k) => k.city },
  { header: 'Postcode', cell: (k) => k.postcode },
  { header: 'Custodian', cell: (k) => k.custodianName },
  { header: 'Status', cell: (k) => kitStatusLabel(k.status) },
];

/** Kits whose serial number is longer than 20 characters, flagged for review. */
export function LongSerialDialog({ kits, onClose }: { kits: AdminKit[]; onClose: () => void }) {
  return (
    <ReportDialog
      id="long-serial-title"
      title="Long Serial Numbers Report"
      summary={`${kits.length} kits have a serial number longer than ${LONG_SERIAL_LENGTH} characters and should be reviewed.`}
      emptyText="No long serial numbers found."
      tableLabel="Kits with long serial numbers"
      rows={kits}
      rowKey={(k) => k.id}
      columns={COLUMNS}
      onExport={() => exportCsv(ADMIN_EXPORT_FILES.longSerials, kits, LONG_SERIAL_CSV_COLUMNS)}
      onClose={onClose}
    />
  );
}
