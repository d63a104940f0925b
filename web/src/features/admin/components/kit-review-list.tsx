import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { displayKitId, formatDateGb, type AdminKit } from '@bleedkits/contracts';
import { locationTypeLabel } from '@/config/labels';
import { useKitActions } from '../hooks/use-kit-actions';
import { QueryState } from './query-state';

type Kind = 'pending' | 'rejected';

const EMPTY: Record<Kind, string> = {
  pending: 'No kits are waiting for approval.',
  rejected: 'No rejected kits.',
};

/** The Pending Kits and Rejected Kits tabs: one card per kit with the actions its status allows. */
export function KitReviewList({
  kind,
  kits,
  isLoading,
  isError,
  onEdit,
}: {
  kind: Kind;
  kits: AdminKit[];
  isLoading: boolean;
  isError: boolean;
  onEdit: (kit: AdminKit) => void;
}) {
  const actions = useKitActions();
  return (
    <QueryState isLoading={isLoading} isError={isError} what="kits">
      {kits.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {EMPTY[kind]}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {kits.map((kit) => {
            const busy = actions.busyId === kit.id;
            return (
              <Grid key={kit.id} size={{ xs: 12, md: 6, lg: 4 }}>
                <Card
                  component="article"
                  aria-label={kit.locationName}
                  data-kit-id={kit.id}
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h3">
                      {kit.locationName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      {displayKitId(kit.id)} · {locationTypeLabel(kit.locationType)}
                    </Typography>
                    <Typography variant="body2">{[kit.addressLine1, kit.addressLine2, kit.city, kit.postcode].filter(Boolean).join(', ')}</Typography>
                    <Typography variant="body2">
                      <strong>Serial:</strong> {kit.serialNumber}
                    </Typography>
                    <Typography variant="body2">
                      <strong>Custodian:</strong> {kit.custodianName} ({kit.custodianEmail})
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Registered {formatDateGb(kit.createdAt)}
                    </Typography>
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {kind === 'pending' ? (
                      <>
                        <Button size="small" startIcon={<Edit />} onClick={() => onEdit(kit)} disabled={busy}>
                          Edit
                        </Button>
                        <Button
                          size="small"
                          variant="contained"
                          color="success"
                          startIcon={<Check />}
                          onClick={() => void actions.approve(kit)}
                          disabled={busy}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          startIcon={<Close />}
                          onClick={() => void actions.reject(kit)}
                          disabled={busy}
                        >
                          Reject
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button
                          size="small"
                          variant="contained"
                          color="success"
                          startIcon={<Replay />}
                          onClick={() => void actions.reactivate(kit)}
                          disabled={busy}
                        >
                          Reactivate
                        </Button>
                        <Button size="small" startIcon={<Edit />} onClick={() => onEdit(kit)} disabled={busy}>
                          Edit
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          startIcon={<Delete />}
                          onClick={() => void actions.remove(kit)}
                          disabled={busy}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </QueryState>
  );
}
