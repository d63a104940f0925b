import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DEPLOYMENT_STATUS_DISPLAY,
  displayKitId,
  formatDateGb,
  type Kit,
  kitDisplayStatus,
  LOCATION_TYPE_LABELS,
  type LocationType,
  consumablesExpiringBeforeNextCheck,
  describeConsumables,
  verificationLabel,
} from '@bleedkits/contracts';
import { dashboardStatusLabel, type KitStatusLabel } from '../kit-list';

const STATUS_COLOURS: Readonly<Record<KitStatusLabel, ChipProps['color']>> = {
  'Pending Approval': 'warning',
  Rejected: 'error',
  Expired: 'error',
  'Expiring Soon': 'warning',
  Active: 'success',
};

const DEPLOYMENT_COLOURS: Readonly<Record<'green' | 'orange' | 'red', ChipProps['color']>> = { green: 'success', orange: 'warning', red: 'error' };

export type KitsTableProps = {
  kits: readonly Kit[];
  now?: Date;
  onView: (kit: Kit) => void;
  onEdit: (kit: Kit) => void;
  onDeploymentStatus: (kit: Kit) => void;
};

/** Under the status: verification overdue or due within 30 days, and consumables that expire before the next check. */
function VerificationNote({ kit, now }: { kit: Kit; now?: Date }) {
  if (kit.status !== 'active') return null;
  const label = verificationLabel(kit.nextVerificationDue, now);
  const consumables = consumablesExpiringBeforeNextCheck(kit, kit.nextVerificationDue?.slice(0, 10) ?? null);
  if (!label && consumables.length === 0) return null;
  return (
    <Typography variant="caption" component="p" color={label === 'Verification Overdue' ? 'error' : 'warning.dark'} sx={{ mt: 0.5 }}>
      {[label, consumables.length ? `Replace: ${describeConsumables(consumables)}` : null].filter(Boolean).join(' · ')}
    </Typography>
  );
}

export function KitsTable({ kits, now, onView, onEdit, onDeploymentStatus }: KitsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="My kits">
        <TableHead>
          <TableRow>
            <TableCell>Kit ID</TableCell>
            <TableCell>Location</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Availability</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {kits.map((kit) => {
            const status = dashboardStatusLabel(kit, now);
            const deployment = DEPLOYMENT_STATUS_DISPLAY[kitDisplayStatus(kit)];
            return (
              <TableRow key={kit.id} hover>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{displayKitId(kit.id)}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {kit.locationName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[kit.addressLine1, kit.city, kit.postcode].filter(Boolean).join(', ')}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={LOCATION_TYPE_LABELS[kit.locationType as LocationType] ?? kit.locationType} />
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOURS[status]} label={status} />
                  <VerificationNote kit={kit} now={now} />
                </TableCell>
                <TableCell>{kit.openingHours}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateGb(kit.expiryDate)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Tooltip title="View details">
                      <IconButton size="small" aria-label="View details" onClick={() => onView(kit)}>
                        <VisibilityOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Edit kit">
                      <IconButton size="small" aria-label="Edit kit" onClick={() => onEdit(kit)}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Chip
                      size="small"
                      color={DEPLOYMENT_COLOURS[deployment.colour]}
                      label={deployment.label}
                      onClick={() => onDeploymentStatus(kit)}
                      aria-label={`Change deployment status (currently ${deployment.label})`}
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
