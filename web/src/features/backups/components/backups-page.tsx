import ArrowBack from '@mui/icons-material/ArrowBack';
import Backup from '@mui/icons-material/Backup';
import Schedule from '@mui/icons-material/Schedule';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { BACKUP_SCHEDULE, BackupMessages, DROPBOX_REQUIRED_PERMISSIONS, type CurrentUser } from '@bleedkits/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminOnlyPage } from '@/components/admin-only-page';
import { PageMeta } from '@/components/page-meta';
import { useToast } from '@/components/toasts/use-toast';
import { useBackupsListQuery, useBackupsSecurityStatsQuery, useBackupsStartMutation } from '../api';
import { BackupHistoryTable } from './backup-history-table';
import { BACKUP_TEXTS as T } from './backup-texts';
import { DropboxConnectionCard } from './dropbox-connection-card';
import { DropboxTokenForm } from './dropbox-token-form';
import { SecurityStatusCard } from './security-status-card';
import { PATHS } from '@/config/paths';

const META = { title: 'Database Backups', description: 'Encrypted database backups: history, Backup Now, schedule and the Dropbox copy.' };
/** Spec §9: admin pages poll running jobs every 2 seconds. */
export const BACKUP_POLL_MS = 2000;

export type BackupsPageProps = { user: CurrentUser | null; isLoading?: boolean };

/** /admin/backups (signed-in admins only): signed-out visitors go to sign in; other users see the permission message. */
export function BackupsPage({ user, isLoading = false }: BackupsPageProps) {
  return (
    <AdminOnlyPage user={user} isLoading={isLoading} meta={META}>
      <BackupsConsole />
    </AdminOnlyPage>
  );
}

type TabName = 'history' | 'setup';

function BackupsConsole() {
  const [tab, setTab] = useState<TabName>('history');
  const [page, setPage] = useState(1);
  const stats = useBackupsSecurityStatsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [pollMs, setPollMs] = useState(0);
  const list = useBackupsListQuery({ page }, { refetchOnMountOrArgChange: true, pollingInterval: pollMs });
  const inProgress = list.data?.data.some((b) => b.status === 'in_progress') ?? false;

  // While a backup runs the history is polled; when it ends the stats are read again (count, latest, size).
  const wasInProgress = useRef(false);
  const refetchStats = stats.refetch;
  useEffect(() => {
    setPollMs(inProgress ? BACKUP_POLL_MS : 0);
    if (wasInProgress.current && !inProgress) void refetchStats();
    wasInProgress.current = inProgress;
  }, [inProgress, refetchStats]);

  const failed = list.isError || stats.isError;
  const connected = stats.data?.securityStatus.remoteBackupEnabled;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <PageMeta {...META} />
      <Box sx={{ mb: 2 }}>
        <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} size="small">
          Back to Admin
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {T.title}
        </Typography>
        <Typography color="text.secondary">Encrypted backups of the register&apos;s database, kept on the server and copied to Dropbox.</Typography>
        <Button component={RouterLink} to={PATHS.adminStatus} size="small" sx={{ mt: 1 }}>
          System status
        </Button>
      </Box>

      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {T.loadFailed}
        </Alert>
      )}

      <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} aria-label="Backup sections" variant="fullWidth" sx={{ mb: 3, maxWidth: 480 }}>
        <Tab value="history" label={T.tabs.history} id="backups-tab-history" aria-controls="backups-panel-history" />
        <Tab value="setup" label={T.tabs.setup} id="backups-tab-setup" aria-controls="backups-panel-setup" />
      </Tabs>

      {tab === 'history' ? (
        <Box role="tabpanel" id="backups-panel-history" aria-labelledby="backups-tab-history">
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <SecurityStatusCard stats={stats.data} isLoading={stats.isLoading} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={3} sx={{ height: '100%' }}>
                <BackupNowCard inProgress={inProgress} onStarted={() => setPage(1)} />
                <ScheduleCard />
              </Stack>
            </Grid>
            <Grid size={12}>
              <Card component="section" aria-labelledby="cloud-storage-heading">
                <CardContent>
                  <Typography id="cloud-storage-heading" variant="h6" component="h2" gutterBottom>
                    Cloud Storage
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    With Dropbox connected every backup is also copied off-site. Without it, backups stay on the server only.
                  </Typography>
                  <DropboxConnectionCard />
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
                    Or paste an access token (older Dropbox apps; it may expire)
                  </Typography>
                  <DropboxTokenForm connected={connected} />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={12}>
              <Card component="section" aria-labelledby="history-heading">
                <CardContent>
                  <Typography id="history-heading" variant="h6" component="h2" gutterBottom>
                    Backup History
                  </Typography>
                  <BackupHistoryTable
                    rows={list.data?.data ?? []}
                    pagination={list.data?.pagination}
                    page={page}
                    onPageChange={setPage}
                    isLoading={list.isLoading}
                  />
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </Box>
      ) : (
        <Box role="tabpanel" id="backups-panel-setup" aria-labelledby="backups-tab-setup">
          <Card component="section" aria-labelledby="dropbox-setup-heading">
            <CardContent>
              <Typography id="dropbox-setup-heading" variant="h6" component="h2" gutterBottom>
                Dropbox Setup
              </Typography>
              <Alert severity="warning" icon={<WarningAmber />} sx={{ mb: 3 }}>
                <AlertTitle>Required permissions</AlertTitle>
                The Dropbox app behind the token must have the{' '}
                {DROPBOX_REQUIRED_PERMISSIONS.map((p, i) => (
                  <span key={p}>
                    {i > 0 && ' and '}
                    <code>{p}</code>
                  </span>
                ))}{' '}
                permissions. Set them on the app&apos;s Permissions tab before you generate the token: a token made before that cannot upload, and is
                refused here.
              </Alert>
              <Typography variant="body2" sx={{ mb: 2 }}>
                The lasting way is <strong>Connect Dropbox</strong> on the Backup History tab: the register then renews its own access. A pasted
                access token is for older Dropbox apps only, and may expire within hours.
              </Typography>
              <Box component="ol" sx={{ pl: 3, mt: 0, mb: 3 }}>
                <li>Create an app in the Dropbox App Console (scoped access, app folder).</li>
                <li>On its Permissions tab, tick files.content.read and files.content.write, then submit.</li>
                <li>On its Settings tab, generate an access token and paste it below.</li>
              </Box>
              <DropboxTokenForm connected={connected} />
            </CardContent>
          </Card>
        </Box>
      )}
    </Container>
  );
}

function BackupNowCard({ inProgress, onStarted }: { inProgress: boolean; onStarted: () => void }) {
  const [start, starting] = useBackupsStartMutation();
  const toast = useToast();

  const onBackupNow = async () => {
    try {
      await start().unwrap();
      onStarted();
      toast({ title: BackupMessages.backupStartedTitle, description: BackupMessages.backupStartedText });
    } catch {
      toast({ title: BackupMessages.backupFailedTitle, description: BackupMessages.backupFailedText, variant: 'destructive' });
    }
  };

  return (
    <Card component="section" aria-labelledby="manual-backup-heading">
      <CardContent>
        <Typography id="manual-backup-heading" variant="h6" component="h2" gutterBottom>
          Manual Backup
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Makes a full, encrypted backup of the database now. It appears in the history below.
        </Typography>
        <Button
          variant="contained"
          startIcon={starting.isLoading ? <CircularProgress size={18} color="inherit" /> : <Backup />}
          onClick={() => void onBackupNow()}
          disabled={starting.isLoading}
        >
          {starting.isLoading ? T.startingBackup : T.backupNow}
        </Button>
        {inProgress && (
          <Typography role="status" variant="body2" sx={{ mt: 1.5 }}>
            {T.inProgress}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function ScheduleCard() {
  return (
    <Card component="section" aria-labelledby="schedule-heading" sx={{ flexGrow: 1 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Schedule color="primary" />
          <Typography id="schedule-heading" variant="h6" component="h2">
            Backup Schedule
          </Typography>
        </Stack>
        <Box component="ul" sx={{ pl: 3, my: 0 }}>
          <li>{BACKUP_SCHEDULE.incremental}</li>
          <li>{BACKUP_SCHEDULE.full}</li>
          <li>{BACKUP_SCHEDULE.retention}</li>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Times are UK time. Incremental backups hold only what changed since the backup before.
        </Typography>
      </CardContent>
    </Card>
  );
}
