import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  consumablesExpiringBeforeNextCheck,
  describeConsumables,
  formatDateGb,
  type Kit,
  KIT_STATUS_LABELS,
  LOCATION_TYPE_LABELS,
  type LocationType,
  makeLabel,
  OTHER_MAKE,
  verificationLabel,
} from '@bleedkits/contracts';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useCustodianKitDetailsQuery } from '../api';
import { VerifyKitDialog } from './verify-kit-dialog';

export const LOAD_KIT_FAILED = 'Failed to load kit details. Please try again.';
const NA = 'N/A';

export type KitDetailDialogProps = { kitId: number; open: boolean; onClose: () => void; onEdit: () => void };

const orNa = (value: string | null | undefined) => (value && value.trim() !== '' ? value : NA);

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Grid>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Grid container spacing={1.5}>
        {children}
      </Grid>
    </section>
  );
}

function KitDetails({ kit }: { kit: Kit }) {
  const make = kit.make === OTHER_MAKE ? orNa(kit.otherMake) : makeLabel(kit.make);
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <address style={{ fontStyle: 'normal' }}>
        {[kit.addressLine1, kit.addressLine2, kit.city, kit.postcode]
          .filter((line): line is string => !!line && line.trim() !== '')
          .map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
      </address>
      <Group title="Kit Details">
        <Field label="Type" value={LOCATION_TYPE_LABELS[kit.locationType as LocationType] ?? orNa(kit.locationType)} />
        <Field label="Make" value={make} />
        <Field label="Detailed Location" value={orNa(kit.detailedLocation)} />
        <Field label="what3words" value={orNa(kit.what3words)} />
      </Group>
      <Group title="Status Information">
        <Field label="Status" value={KIT_STATUS_LABELS[kit.status] ?? kit.status} />
        <Field label="Registered" value={orNa(formatDateGb(kit.createdAt))} />
        <Field label="Expiry Date" value={orNa(formatDateGb(kit.expiryDate))} />
        <Field label="Last Verified" value={kit.lastVerifiedAt ? formatDateGb(kit.lastVerifiedAt) : 'Not verified'} />
        <Field label="Next Verification Due" value={orNa(formatDateGb(kit.nextVerificationDue))} />
      </Group>
      <VerificationNotes kit={kit} />
      <Group title="Custodian Information">
        <Field label="Name" value={orNa(kit.custodianName)} />
        <Field label="Email" value={orNa(kit.custodianEmail)} />
        <Field label="Phone" value={orNa(kit.custodianPhone)} />
      </Group>
    </Stack>
  );
}

/** The verification state, the consumables to replace before the next check, and the checks made (who and when). */
function VerificationNotes({ kit }: { kit: Kit }) {
  const label = verificationLabel(kit.nextVerificationDue);
  const consumables = consumablesExpiringBeforeNextCheck(kit, kit.nextVerificationDue?.slice(0, 10) ?? null);
  const checks = kit.verificationChecks ?? [];
  return (
    <section aria-label="Verification History">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Verification History
      </Typography>
      <Stack spacing={1}>
        {label && <Alert severity={label === 'Verification Overdue' ? 'error' : 'warning'}>{label}: please verify this kit.</Alert>}
        {consumables.length > 0 && <Alert severity="warning">Replace before the next check: {describeConsumables(consumables)}</Alert>}
        {checks.length === 0 ? (
          <Typography variant="body2">No checks recorded yet.</Typography>
        ) : (
          checks.map((c) => (
            <Typography key={c.id} variant="body2">
              {formatDateGb(c.checkedAt)} by {c.checkedByEmail}: {c.passed ? 'passed' : 'failed'}
              {c.notes ? ` (${c.notes})` : ''}
            </Typography>
          ))
        )}
      </Stack>
    </section>
  );
}

/**
 * A kit's full record for its owner, with ways into the edit dialog and the verification checklist (the spec's
 * 'Verify Kit' only closed the dialog; docs/decisions.md).
 */
export function KitDetailDialog({ kitId, open, onClose, onEdit }: KitDetailDialogProps) {
  const { data: kit, isLoading, isError } = useCustodianKitDetailsQuery(kitId, { skip: !open, refetchOnMountOrArgChange: true });
  const [verifying, setVerifying] = useState(false);
  return (
    <>
      <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="kit-detail-title">
        <DialogTitle id="kit-detail-title">
          {kit ? kit.locationName : 'Kit Details'}
          {kit && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              Serial Number: {kit.serialNumber}
            </Typography>
          )}
        </DialogTitle>
        {/* Focusable, so a keyboard can scroll the details on a small screen (WCAG 2.1.1; axe: scrollable-region-focusable). */}
        <DialogContent dividers tabIndex={0} aria-labelledby="kit-detail-title">
          {isLoading && <Typography role="status">Loading kit details...</Typography>}
          {isError && <Typography color="error">{LOAD_KIT_FAILED}</Typography>}
          {kit && <KitDetails kit={kit} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onEdit} disabled={!kit}>
            Edit Kit
          </Button>
          <Button variant="contained" onClick={() => setVerifying(true)} disabled={!kit}>
            Verify Kit
          </Button>
        </DialogActions>
      </Dialog>
      {kit && verifying && <VerifyKitDialog kit={kit} open onClose={() => setVerifying(false)} />}
    </>
  );
}
