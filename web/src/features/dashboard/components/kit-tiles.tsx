import Grid from '@mui/material/Grid';
import type { Kit } from '@bleedkits/contracts';
import { StatTile } from '@/components/stat-tile';
import { tileCounts } from '../kit-list';

export function KitTiles({ kits, now }: { kits: readonly Kit[]; now?: Date }) {
  const counts = tileCounts(kits, now);
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatTile label="Active Kits" value={counts.active} hint="Approved and registered" colour="success.main" variant="outlined" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatTile label="Expiring Soon" value={counts.expiringSoon} hint="Expiring within 3 months" colour="warning.main" variant="outlined" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatTile label="Expired Kits" value={counts.expired} hint="Past their expiry date" colour="error.main" variant="outlined" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatTile
          label="Verification Due"
          value={counts.verificationDue}
          hint="Overdue or due within 30 days"
          colour="warning.dark"
          variant="outlined"
        />
      </Grid>
    </Grid>
  );
}
