import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CurrentUser,
  DEFAULT_VERIFICATION_GRACE_DAYS,
  VERIFICATION_DUE_WINDOW_DAYS,
  VERIFICATION_INTERVAL_MONTHS,
  VERIFICATION_REPORT_DEFAULT_LIMIT,
  type VerificationTestEmailPreview,
  formatDateGb,
} from '@bleedkits/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '@/api/api';
import { AdminOnlyPage } from '@/components/admin-only-page';
import { PageMeta } from '@/components/page-meta';
import { StatTile } from '@/components/stat-tile';
import { useToast } from '@/components/toasts/use-toast';
import {
  adminVerificationApi,
  useVerificationAllReportQuery,
  useVerificationTestEmailPreviewMutation,
  useVerificationTestEmailSendMutation,
} from '../api';
import { useAppDispatch } from '@/app/hooks';
import { ReminderRunsCard } from './reminder-runs-card';
import { ReportTable } from './report-table';
import { VERIFICATION_TEXTS as T, defaultPreview } from './verification-texts';
import { PATHS } from '@/config/paths';

const META = { title: T.title, description: 'Six-monthly verification of registered kits: overdue and upcoming checks, reminders.' };

export type VerificationPageProps = { user: CurrentUser | null; isLoading?: boolean };

/** /admin/verification (admin only): signed-out visitors go to sign in; other users see the permission message. */
export function VerificationPage({ user, isLoading = false }: VerificationPageProps) {
  return (
    <AdminOnlyPage user={user} isLoading={isLoading} meta={META}>
      <VerificationConsole />
    </AdminOnlyPage>
  );
}

type TabName = 'all' | 'overdue' | 'upcoming';

function VerificationConsole() {
  // The first page of the All report carries the register's counts (the All tab shows the same page).
  const all = useVerificationAllReportQuery({ page: 1, limit: VERIFICATION_REPORT_DEFAULT_LIMIT }, { refetchOnMountOrArgChange: true });
  const [tab, setTab] = useState<TabName>('all');
  const toast = useToast();
  const dispatch = useAppDispatch();
  const loading = all.isLoading;
  const failed = all.isError;

  const refresh = async () => {
    dispatch(adminVerificationApi.util.invalidateTags(['VerificationReports']));
    await all.refetch();
    toast({ title: T.refreshed, description: 'The verification reports are up to date.' });
  };

  const counts = all.data ? { total: all.data.totalCount, overdue: all.data.overdueCount, upcoming: all.data.upcomingCount } : null;

  return (
    <Container sx={{ py: 4 }}>
      <PageMeta {...META} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} size="small">
            Back to Admin
          </Button>
          <Typography variant="h4" component="h1">
            {T.title}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<Refresh />} onClick={() => void refresh()} disabled={loading}>
          Refresh Data
        </Button>
      </Stack>

      {loading && <Typography role="status">Loading verification data...</Typography>}
      {failed && <Alert severity="error">Failed to load verification data. Please try again.</Alert>}

      {counts && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatTile label="Total Active Kits" value={counts.total} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatTile label="Overdue" value={counts.overdue} colour="error.main" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatTile label="Due Soon" value={counts.upcoming} colour="warning.main" hint="Within the next 3 months" />
          </Grid>
          {counts.overdue === 0 && counts.upcoming === 0 && (
            <Grid size={12}>
              <Alert severity="success">{T.allUpToDate}</Alert>
            </Grid>
          )}
        </Grid>
      )}

      <Card sx={{ mb: 3 }}>
        <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Verification reports">
          <Tab value="all" label={`All Kits (${all.data?.total ?? 0})`} />
          <Tab value="overdue" label={`Overdue (${counts?.overdue ?? 0})`} />
          <Tab value="upcoming" label={`Due Soon (${counts?.upcoming ?? 0})`} />
        </Tabs>
        <CardContent>
          {tab === 'all' && <ReportTable report="all" empty={T.emptyAll} label="Kits requiring verification" />}
          {tab === 'overdue' && (
            <ReportTable
              report="overdue"
              empty={T.emptyOverdue}
              label="Overdue kits"
              caption={(d) => `Due before ${formatDateGb(d.cutoffDate as string)}`}
            />
          )}
          {tab === 'upcoming' && (
            <ReportTable
              report="upcoming"
              empty={T.emptyUpcoming}
              label="Kits due soon"
              caption={(d) => `Due from ${formatDateGb(d.startDate as string)} to ${formatDateGb(d.endDate as string)}`}
            />
          )}
        </CardContent>
      </Card>

      <ReminderRunsCard />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <TestEmailCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Alert severity="info" role="note">
            <Typography variant="subtitle2" component="h2">
              How verification works
            </Typography>
            Custodians verify each kit every {VERIFICATION_INTERVAL_MONTHS} months from their dashboard. A kit is overdue the day after its due date
            and due soon within 3 months of it. Each morning at 08:00 every custodian with kits due within {VERIFICATION_DUE_WINDOW_DAYS} days or
            overdue gets one e-mail (one list for several kits), naming each kit once per due date; admins get a weekly digest on Mondays. A kit
            overdue by more than {DEFAULT_VERIFICATION_GRACE_DAYS} days shows &apos;Needs Verification&apos; on the public map; it is never removed.
          </Alert>
        </Grid>
      </Grid>
    </Container>
  );
}

/** Preview first; only then a real send, after a confirmation dialog (spec: admin side §4). */
function TestEmailCard() {
  const [email, setEmail] = useState('');
  const [preview, setPreview] = useState<VerificationTestEmailPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [makePreview, previewState] = useVerificationTestEmailPreviewMutation();
  const [send, sendState] = useVerificationTestEmailSendMutation();
  const toast = useToast();

  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    const to = email.trim();
    if (!to) {
      toast({ ...T.emailRequired, variant: 'destructive' });
      return;
    }
    try {
      setPreview(await makePreview({ email: to }).unwrap());
      toast({ title: T.previewGenerated, description: `A preview of the reminder to ${to}.` });
    } catch {
      setPreview(defaultPreview(to));
    }
  };

  const onSend = async () => {
    setConfirming(false);
    if (!preview) return;
    try {
      const result = await send({ email: preview.to }).unwrap();
      if (result.emailSent) toast({ title: T.sent, description: result.message });
      else toast({ title: T.notSent.title, description: result.message || T.notSent.fallback, variant: 'destructive' });
    } catch (error) {
      if (isApiError(error) && typeof error.status === 'number') toast({ ...T.failed, variant: 'destructive' });
      else toast({ ...T.systemError, variant: 'destructive' });
    }
  };

  return (
    <Card component="section" aria-label="Test Verification Email">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Test Verification Email
        </Typography>
        <Box component="form" noValidate onSubmit={onPreview}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Email address"
              type="email"
              size="small"
              fullWidth
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setPreview(null);
              }}
            />
            <Button type="submit" variant="outlined" disabled={previewState.isLoading} sx={{ whiteSpace: 'nowrap' }}>
              Preview Email
            </Button>
          </Stack>
        </Box>
        {preview && (
          <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }} aria-label="Email preview" role="region">
            <Typography variant="body2">
              <strong>To:</strong> {preview.to}
            </Typography>
            <Typography variant="body2">
              <strong>Subject:</strong> {preview.subject}
            </Typography>
            <Typography variant="body2" component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', mt: 1 }}>
              {preview.contentPreview}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {preview.note}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <Button variant="contained" onClick={() => setConfirming(true)} disabled={sendState.isLoading}>
                {sendState.isLoading ? 'Sending...' : 'Send Real Email'}
              </Button>
            </Box>
          </Box>
        )}
        <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="confirm-test-email-title">
          <DialogTitle id="confirm-test-email-title">Send a real test email?</DialogTitle>
          <DialogContent>
            <DialogContentText>A verification reminder with sample kit details will be sent to {preview?.to}.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="contained" onClick={() => void onSend()}>
              Send Email
            </Button>
          </DialogActions>
        </Dialog>
      </CardContent>
    </Card>
  );
}
