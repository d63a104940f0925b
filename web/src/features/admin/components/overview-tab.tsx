import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { type AdminKit } from '@bleedkits/contracts';
import { StatTile } from '@/components/stat-tile';
import { verificationDueReport } from '../lib/admin-console';
import { useMemo, useState } from 'react';
import { QueryState } from './query-state';
import { VerificationDueDialog } from './verification-due-dialog';

export function OverviewTab({ kits, isLoading, isError }: { kits: AdminKit[]; isLoading: boolean; isError: boolean }) {
  const [showDue, setShowDue] = useState(false);
  const due = useMemo(() => verificationDueReport(kits), [kits]);
  const count = (status: AdminKit['status']) => kits.filter((k) => k.status === status).length;

  return (
    <QueryState isLoading={isLoading} isError={isError} what="kits">
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <StatTile label="Total Kits" value={kits.length} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <StatTile label="Active Kits" value={count('active')} colour="success.main" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <StatTile label="Pending Approval" value={count('pending')} colour="warning.main" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <StatTile label="Rejected Kits" value={count('rejected')} colour="error.main" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <StatTile
            label="Verification Due"
            value={due.length}
            colour="warning.dark"
            hint="Click to show details"
            onClick={() => setShowDue(true)}
            action={`Verification Due: ${due.length} kits. Show details`}
          />
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Recent Activity
          </Typography>
          <Alert severity="info" role="note">
            Kits registered by custodians appear under Pending Kits until an administrator approves them. Approved kits show on the public map;
            rejected kits stay under Rejected Kits, where they can be reactivated or deleted.
          </Alert>
        </CardContent>
      </Card>
      {showDue && <VerificationDueDialog rows={due} onClose={() => setShowDue(false)} />}
    </QueryState>
  );
}
