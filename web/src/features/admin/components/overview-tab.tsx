import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { type AdminKit } from '@bleedkits/contracts';
import { verificationDueReport } from '../lib/admin-console';
import { useMemo, useState, type ReactNode } from 'react';
import { QueryState } from './query-state';
import { VerificationDueDialog } from './verification-due-dialog';

function Tile({ label, value, hint, colour }: { label: string; value: number; hint?: ReactNode; colour?: string }) {
  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 700 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  );
}

export function OverviewTab({ kits, isLoading, isError }: { kits: AdminKit[]; isLoading: boolean; isError: boolean }) {
  const [showDue, setShowDue] = useState(false);
  const due = useMemo(() => verificationDueReport(kits), [kits]);
  const count = (status: AdminKit['status']) => kits.filter((k) => k.status === status).length;

  return (
    <QueryState isLoading={isLoading} isError={isError} what="kits">
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <Card>
            <Tile label="Total Kits" value={kits.length} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <Card>
            <Tile label="Active Kits" value={count('active')} colour="success.main" />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <Card>
            <Tile label="Pending Approval" value={count('pending')} colour="warning.main" />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <Card>
            <Tile label="Rejected Kits" value={count('rejected')} colour="error.main" />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
          <Card>
            <CardActionArea onClick={() => setShowDue(true)} aria-label={`Verification Due: ${due.length} kits. Show details`}>
              <Tile label="Verification Due" value={due.length} colour="warning.dark" hint="Click to show details" />
            </CardActionArea>
          </Card>
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
