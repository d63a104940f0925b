import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Kit } from '@bleedkits/contracts';
import { tileCounts } from '../kit-list';

function Tile({ label, value, note, colour }: { label: string; value: number; note: string; colour: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 700 }}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function KitTiles({ kits, now }: { kits: readonly Kit[]; now?: Date }) {
  const counts = tileCounts(kits, now);
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Tile label="Active Kits" value={counts.active} note="Approved and registered" colour="success.main" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Tile label="Expiring Soon" value={counts.expiringSoon} note="Expiring within 3 months" colour="warning.main" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Tile label="Expired Kits" value={counts.expired} note="Past their expiry date" colour="error.main" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <Tile label="Verification Due" value={counts.verificationDue} note="Overdue or due within 30 days" colour="warning.dark" />
      </Grid>
    </Grid>
  );
}
