import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateGb, type Kit, KIT_STATUS_LABELS, LOCATION_TYPE_LABELS, type LocationType, makeLabel, OTHER_MAKE } from '@bleedkits/contracts';
import { useCustodianKitDetailsQuery } from '../api';

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
      </Group>
      <Group title="Custodian Information">
        <Field label="Name" value={orNa(kit.custodianName)} />
        <Field label="Email" value={orNa(kit.custodianEmail)} />
        <Field label="Phone" value={orNa(kit.custodianPhone)} />
      </Group>
    </Stack>
  );
}

/** A kit's full record for its owner, with a way into the edit dialog. */
export function KitDetailDialog({ kitId, open, onClose, onEdit }: KitDetailDialogProps) {
  const { data: kit, isLoading, isError } = useCustodianKitDetailsQuery(kitId, { skip: !open, refetchOnMountOrArgChange: true });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="kit-detail-title">
      <DialogTitle id="kit-detail-title">
        {kit ? kit.locationName : 'Kit Details'}
        {kit && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            Serial Number: {kit.serialNumber}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {isLoading && <Typography role="status">Loading kit details...</Typography>}
        {isError && <Typography color="error">{LOAD_KIT_FAILED}</Typography>}
        {kit && <KitDetails kit={kit} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onEdit} disabled={!kit}>
          Edit Kit
        </Button>
        <Button variant="contained" onClick={onClose}>
          Verify Kit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
