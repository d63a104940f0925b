import Add from '@mui/icons-material/Add';
import Settings from '@mui/icons-material/Settings';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { CurrentUser, Kit } from '@bleedkits/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { useCustodianKitsQuery } from '../api';
import { useKitList } from '../hooks/use-kit-list';
import {
  isNoKitsError,
  parseVerifyLink,
  VERIFICATION_LINK_INVALID,
  VERIFICATION_PARAM,
  verificationFilterFromLink,
  VERIFY_LINK_INVALID,
  VERIFY_PARAM,
  verifyLinkNotYours,
} from '../kit-list';
import type { KitListState } from '../hooks/use-kit-list';
import type { KitDialogComponents } from './kit-dialog-slots';
import { KitFiltersBar } from './kit-filters-bar';
import { KitPagination } from './kit-pagination';
import { KitTiles } from './kit-tiles';
import { BulkUploadTab } from './bulk-upload/bulk-upload-tab';
import { KitsTable } from './kits-table';
import { PATHS } from '@/config/paths';

export const LOADING_KITS = 'Loading your kits...';
export const LOAD_KITS_FAILED = 'Error loading your kits. Please try again.';

type DashboardTab = 'kits' | 'bulk';
type OpenDialog = { kind: 'details' | 'edit' | 'deployment'; kit: Kit } | null;

function NoKits() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="h2">
        No Registered Kits
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        You have not registered any bleed kits yet.
      </Typography>
      <Button component={RouterLink} to={PATHS.registerKit} variant="contained">
        Register Your First Kit
      </Button>
    </Box>
  );
}

function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="h2">
        No matches found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        No kits match your search and filters.
      </Typography>
      <Button variant="outlined" onClick={onClear}>
        Clear Search
      </Button>
    </Box>
  );
}

/** A reminder link that cannot be followed, said above the list; dismissing it removes the link's parameter. */
function LinkProblem({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * The reminder e-mails' links: `?verification=<bucket>` starts the list filtered to it, and `?verify=<kitId>` opens that
 * kit's check once the list has loaded. The address says what is open: closing the check (or choosing another
 * verification filter) removes its parameter, so a reload or Back does not reopen it.
 */
function useReminderLinks() {
  const [searchParams, setSearchParams] = useSearchParams();
  const drop = useCallback(
    (name: string) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const verificationParam = searchParams.get(VERIFICATION_PARAM);
  return {
    verify: parseVerifyLink(searchParams.get(VERIFY_PARAM)),
    dropVerify: () => drop(VERIFY_PARAM),
    verification: verificationFilterFromLink(verificationParam),
    verificationInvalid: verificationParam !== null && verificationFilterFromLink(verificationParam) === null,
    dropVerification: () => drop(VERIFICATION_PARAM),
  };
}

function MyKits({ isAdmin, dialogs }: { isAdmin: boolean; dialogs: KitDialogComponents }) {
  const { data, error, isLoading, isError, refetch } = useCustodianKitsQuery(undefined, { refetchOnMountOrArgChange: true });
  const kits = data?.kits ?? [];
  const links = useReminderLinks();
  const list = useKitList(kits, { initialFilters: links.verification ? { verification: links.verification } : undefined });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  // A link followed while the dashboard is open (the address changes, the page stays) applies its filter too.
  const { setFilter } = list;
  useEffect(() => {
    if (links.verification) setFilter('verification', links.verification);
  }, [links.verification, setFilter]);

  // The spec's exception: this list refetches whenever the window regains focus.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  if (isLoading) return <Typography role="status">{LOADING_KITS}</Typography>;
  if (isError && !isNoKitsError(error)) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {LOAD_KITS_FAILED}
      </Alert>
    );
  }

  const { KitDetailDialog, EditKitDialog, DeploymentStatusDialog, VerifyKitDialog } = dialogs;
  const verifyKitId = links.verify.kind === 'kit' ? links.verify.kitId : null;
  const verifyKit = verifyKitId === null ? undefined : kits.find((k) => k.id === verifyKitId);
  const linkProblems = (
    <>
      {links.verify.kind === 'invalid' && <LinkProblem message={VERIFY_LINK_INVALID} onDismiss={links.dropVerify} />}
      {verifyKitId !== null && !verifyKit && <LinkProblem message={verifyLinkNotYours(verifyKitId)} onDismiss={links.dropVerify} />}
      {links.verificationInvalid && <LinkProblem message={VERIFICATION_LINK_INVALID} onDismiss={links.dropVerification} />}
    </>
  );
  if (isError || kits.length === 0) {
    return (
      <>
        {linkProblems}
        <NoKits />
      </>
    );
  }

  const close = () => setDialog(null);
  const admin = isAdmin || data?.userRole === 'admin';
  // Another verification filter (or none) than the link's: the address stops naming it.
  const filters: KitListState = {
    ...list,
    setFilter: (key, value) => {
      if (key === 'verification' && links.verification) links.dropVerification();
      list.setFilter(key, value);
    },
    clearFilters: () => {
      if (links.verification) links.dropVerification();
      list.clearFilters();
    },
  };

  return (
    <>
      {linkProblems}
      <KitTiles kits={kits} />
      <KitFiltersBar list={filters} />
      {list.matching.length === 0 ? (
        <NoMatches onClear={filters.clearFilters} />
      ) : (
        <>
          <KitsTable
            kits={list.page.items}
            onView={(kit) => setDialog({ kind: 'details', kit })}
            onEdit={(kit) => setDialog({ kind: 'edit', kit })}
            onDeploymentStatus={(kit) => setDialog({ kind: 'deployment', kit })}
          />
          <KitPagination list={list} />
        </>
      )}
      {dialog?.kind === 'details' && (
        <KitDetailDialog kitId={dialog.kit.id} open onClose={close} onEdit={() => setDialog({ kind: 'edit', kit: dialog.kit })} />
      )}
      {dialog?.kind === 'edit' && <EditKitDialog kitId={dialog.kit.id} open onClose={close} allowDelete isAdmin={admin} />}
      {dialog?.kind === 'deployment' && <DeploymentStatusDialog kit={dialog.kit} open onClose={close} />}
      {verifyKit && <VerifyKitDialog kit={verifyKit} open onClose={links.dropVerify} />}
    </>
  );
}

/** /dashboard: the signed-in user's kits (the app shell passes the user and the kit dialogs in). */
export function DashboardPage({ user, dialogs }: { user: CurrentUser; dialogs: KitDialogComponents }) {
  const [tab, setTab] = useState<DashboardTab>('kits');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageMeta title="Dashboard" description="Manage your registered bleed kits." />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="h4" component="h1">
            Welcome, {user.firstName}
          </Typography>
          <Typography color="text.secondary">Manage your registered bleed kits.</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={PATHS.registerKit} variant="contained" startIcon={<Add />}>
            Register New Kit
          </Button>
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setTab('bulk')}>
            Bulk Upload
          </Button>
          <Button component={RouterLink} to={PATHS.accountSettings} variant="outlined" startIcon={<Settings />}>
            Settings
          </Button>
        </Stack>
      </Stack>
      <Card>
        <Tabs
          value={tab}
          onChange={(_, value: DashboardTab) => setTab(value)}
          aria-label="Dashboard"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="kits" label="My Kits" id="dashboard-tab-kits" aria-controls="dashboard-panel-kits" />
          {/* Hidden until the Bulk Upload button opens it. */}
          <Tab
            value="bulk"
            label="Bulk Upload"
            id="dashboard-tab-bulk"
            aria-controls="dashboard-panel-bulk"
            sx={{ display: tab === 'bulk' ? undefined : 'none' }}
          />
        </Tabs>
        <CardContent>
          <Box role="tabpanel" id={`dashboard-panel-${tab}`} aria-labelledby={`dashboard-tab-${tab}`}>
            {tab === 'kits' ? <MyKits isAdmin={user.role === 'admin'} dialogs={dialogs} /> : <BulkUploadTab onBack={() => setTab('kits')} />}
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
