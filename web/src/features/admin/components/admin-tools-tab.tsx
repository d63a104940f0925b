import Backup from '@mui/icons-material/Backup';
import History from '@mui/icons-material/History';
import CloudDownload from '@mui/icons-material/CloudDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NEVER_DOWNLOADED_SENTINEL, NO_NEW_APPROVED_KITS, type AdminKit } from '@bleedkits/contracts';
import { longSerialKits } from '../lib/admin-console';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { serverMessageOr } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import {
  useAdminUsersQuery,
  useCleanSerialNumbersMutation,
  useDownloadApprovedKitsMutation,
  useFixMissingAddressesMutation,
  useLastApprovedDownloadQuery,
  useUpdateAmbulanceServicesMutation,
} from '../api';
import { saveTextFile } from '../lib/save-file';
import { LongSerialDialog } from './long-serial-dialog';
import { BulkVerificationDatesButton } from './bulk-verification-dates';
import { EmailOutboxCard } from './email-outbox-card';
import { CsvComparisonInput } from './csv-comparison/csv-comparison-input';
import { AmbulanceFeedCard } from './ambulance-feed-card';
import { PATHS } from '@/config/paths';

/** 'Never' for the 2000-01-01 sentinel (or no date); otherwise dd/MM/yyyy HH:mm in UK time. */
export function lastDownloadText(value: string | null | undefined): string {
  if (!value) return 'Never';
  const t = Date.parse(value);
  if (Number.isNaN(t) || t === Date.parse(NEVER_DOWNLOADED_SENTINEL) || value.startsWith('2000-01-01')) return 'Never';
  const d = new Date(t);
  const date = d.toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
  const time = d.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${date} ${time}`;
}

export function AdminToolsTab({ kits }: { kits: AdminKit[] }) {
  const [showLongSerials, setShowLongSerials] = useState(false);
  const longSerials = useMemo(() => longSerialKits(kits), [kits]);
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <DownloadApprovedCard />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DatabaseManagementCard longSerialCount={longSerials.length} onShowLongSerials={() => setShowLongSerials(true)} />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <SystemStatisticsCard kits={kits} longSerialCount={longSerials.length} />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <AmbulanceFeedCard />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <EmailOutboxCard />
      </Grid>
      {showLongSerials && <LongSerialDialog kits={longSerials} onClose={() => setShowLongSerials(false)} />}
    </Grid>
  );
}

function DownloadApprovedCard() {
  const last = useLastApprovedDownloadQuery();
  const [download, { isLoading }] = useDownloadApprovedKitsMutation();
  const toast = useToast();

  const run = async () => {
    try {
      const result = await download().unwrap();
      if (result.count === 0 || result.files.length === 0) {
        toast({ title: 'No New Data', description: NO_NEW_APPROVED_KITS });
        return;
      }
      for (const file of result.files) saveTextFile(file.filename, file.content);
      toast({
        title: 'Download Complete',
        description: `Downloaded ${result.files.length} ${result.files.length === 1 ? 'file' : 'files'} with ${result.count} approved kits.`,
      });
    } catch (error) {
      toast({ title: 'Download Failed', description: serverMessageOr(error, 'Download failed'), variant: 'destructive' });
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Download Approved Kits
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Downloads the kits approved since the last download as one CSV file per ambulance service, for sharing with the services.
        </Typography>
        <Typography sx={{ mb: 2 }} data-testid="last-download">
          Last download:{' '}
          <strong>{last.isLoading ? 'Loading...' : last.isError ? 'Unavailable' : lastDownloadText(last.data?.lastDownloadDate)}</strong>
        </Typography>
        <Button variant="contained" startIcon={<CloudDownload />} onClick={() => void run()} disabled={isLoading}>
          {isLoading ? 'Preparing download...' : 'Download New Approved Kits'}
        </Button>
      </CardContent>
    </Card>
  );
}

function DatabaseManagementCard({ longSerialCount, onShowLongSerials }: { longSerialCount: number; onShowLongSerials: () => void }) {
  const [fixAddresses, fixing] = useFixMissingAddressesMutation();
  const [cleanSerials, cleaning] = useCleanSerialNumbersMutation();
  const [updateServices, updating] = useUpdateAmbulanceServicesMutation();
  const toast = useToast();
  const busy = fixing.isLoading || cleaning.isLoading || updating.isLoading;

  const onFixAddresses = async () => {
    try {
      const { summary } = await fixAddresses().unwrap();
      toast({
        title: 'Addresses repaired',
        description: `Fixed ${summary.fixed} of ${summary.checked} kits with missing addresses (${summary.failed} could not be fixed).`,
      });
    } catch (error) {
      toast({
        title: 'Address repair failed',
        description: serverMessageOr(error, 'Unable to repair addresses. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const onCleanSerials = async () => {
    try {
      const result = await cleanSerials().unwrap();
      toast({ title: 'Serial numbers cleaned', description: `${result.updatedCount} serial numbers updated.` });
    } catch (error) {
      toast({
        title: 'Update failed',
        description: serverMessageOr(error, 'Unable to clean serial numbers. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const onUpdateServices = async () => {
    try {
      const result = await updateServices().unwrap();
      toast({
        title: 'Ambulance services updated',
        description: `Updated ${result.updatedCount} of ${result.totalKits ?? result.updatedCount} kits.`,
      });
    } catch (error) {
      toast({
        title: 'Update failed',
        description: serverMessageOr(error, 'Unable to update ambulance services. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Database Management
        </Typography>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <BulkVerificationDatesButton />
          <Button variant="outlined" onClick={() => void onFixAddresses()} disabled={busy}>
            {fixing.isLoading ? 'Fixing addresses...' : 'Fix Missing Addresses'}
          </Button>
          <Button variant="outlined" onClick={() => void onCleanSerials()} disabled={busy}>
            {cleaning.isLoading ? 'Cleaning...' : 'Clean Serial Numbers'}
          </Button>
          <Button variant="outlined" onClick={() => void onUpdateServices()} disabled={busy}>
            {updating.isLoading ? 'Updating...' : 'Update Ambulance Services'}
          </Button>
          <Button variant="outlined" onClick={onShowLongSerials}>
            Long Serial Numbers Report ({longSerialCount})
          </Button>
          <CsvComparisonInput />
          <Button component={RouterLink} to={PATHS.adminBackups} variant="outlined" startIcon={<Backup />}>
            Database Backups
          </Button>
          <Button component={RouterLink} to={PATHS.adminAudit} variant="outlined" startIcon={<History />}>
            Audit Trail
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function SystemStatisticsCard({ kits, longSerialCount }: { kits: AdminKit[]; longSerialCount: number }) {
  const users = useAdminUsersQuery();
  const list = users.data ?? [];
  const count = (status: AdminKit['status']) => kits.filter((k) => k.status === status).length;
  const figures: [string, number | string][] = [
    ['Total Kits', kits.length],
    ['Active Kits', count('active')],
    ['Pending Kits', count('pending')],
    ['Rejected Kits', count('rejected')],
    ['Manually Checked', kits.filter((k) => k.manuallyChecked).length],
    ['Unassigned Kits', kits.filter((k) => !k.userEmail).length],
    ['Long Serial Numbers', longSerialCount],
    ['Total Users', users.isLoading ? '…' : list.length],
    ['Admins', users.isLoading ? '…' : list.filter((u) => u.role === 'admin').length],
    ['Verified Users', users.isLoading ? '…' : list.filter((u) => u.email_verified).length],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          System Statistics
        </Typography>
        {users.isError && (
          <Alert severity="warning" role="note" sx={{ mb: 2 }}>
            User figures are unavailable.
          </Alert>
        )}
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          {figures.map(([label, value]) => (
            <Grid key={label} size={{ xs: 6, sm: 4, md: 2 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}
