import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Refresh from '@mui/icons-material/Refresh';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STATUS_LEVEL_LABELS, type CurrentUser, type StatusLevel } from '@bleedkits/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminOnlyPage } from '@/components/admin-only-page';
import { PageMeta } from '@/components/page-meta';
import { PATHS } from '@/config/paths';
import { useSystemStatusQuery } from '../api';

const META = { title: 'System Status', description: 'Backups, cloud copies, e-mail, reminder runs and ambulance feeds: healthy or not, and why.' };
/** The page reads the status again on its own, so a screen left open shows a change. */
export const STATUS_POLL_MS = 60_000;

const LEVEL_LOOK: Record<StatusLevel, { color: 'success' | 'warning' | 'error'; icon: ReactElement }> = {
  green: { color: 'success', icon: <CheckCircle /> },
  amber: { color: 'warning', icon: <WarningAmber /> },
  red: { color: 'error', icon: <ErrorIcon /> },
};
const OVERALL: Record<StatusLevel, string> = {
  green: 'Everything is working.',
  amber: 'Something needs attention.',
  red: 'Something is failing. The admins have been e-mailed.',
};

export type StatusPageProps = { user: CurrentUser | null; isLoading?: boolean };

/** /admin/status (admins only): the register's health in words, green / amber / red with the reason for each. */
export function StatusPage({ user, isLoading = false }: StatusPageProps) {
  return (
    <AdminOnlyPage user={user} isLoading={isLoading} meta={META}>
      <StatusBoard />
    </AdminOnlyPage>
  );
}

function StatusBoard() {
  const status = useSystemStatusQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: STATUS_POLL_MS });
  const s = status.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <PageMeta {...META} />
      <Button component={RouterLink} to={PATHS.admin} startIcon={<ArrowBack />} size="small">
        Back to Admin
      </Button>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          System Status
        </Typography>
        {/* Never disabled: a button that greys out while each poll runs flickers, and asking again meanwhile is harmless. */}
        <Button onClick={() => void status.refetch()} startIcon={<Refresh />}>
          Check again
        </Button>
      </Stack>
      {status.isLoading && <CircularProgress aria-label="Checking the register" />}
      {status.isError && !s && <Alert severity="error">The status could not be read. Please try again later.</Alert>}
      {s && (
        <>
          <Alert severity={LEVEL_LOOK[s.level].color} sx={{ mb: 3 }} role="status">
            {OVERALL[s.level]}
          </Alert>
          <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Status items">
            {s.items.map((item) => (
              <Card component="li" key={item.id} aria-labelledby={`status-${item.id}`}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                    <Typography id={`status-${item.id}`} variant="h6" component="h2">
                      {item.title}
                    </Typography>
                    <Chip label={STATUS_LEVEL_LABELS[item.level]} color={LEVEL_LOOK[item.level].color} icon={LEVEL_LOOK[item.level].icon} />
                  </Stack>
                  <Typography>{item.reason}</Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
          <Box sx={{ mt: 2 }}>
            <Typography variant="caption" color="text.secondary">
              Checked {new Date(s.checkedAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })} (UK time). A failing item e-mails the admins
              once, until it recovers.
            </Typography>
          </Box>
        </>
      )}
    </Container>
  );
}
