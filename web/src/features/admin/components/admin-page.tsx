import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AdminKit, CurrentUser } from '@bleedkits/contracts';
import { useMemo, useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { useAdminKitsQuery, usePendingKitsQuery } from '../api';
import { AdminToolsTab } from './admin-tools-tab';
import { AllKitsTab } from './all-kits-tab';
import { KitReviewList } from './kit-review-list';
import { ManufacturersTab } from './manufacturers-tab';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';
import { PATHS } from '@/config/paths';

const META = { title: 'Admin Dashboard', description: 'Approve kits, manage users and manufacturers and run data tools.' };

/** What the console passes to the shared kit edit dialog (the one the dashboard opens too). */
export type AdminEditKitDialogProps = { kitId: number; open: boolean; onClose: () => void; allowDelete: boolean; isAdmin: boolean };

/**
 * The kit dialogs the console opens. Features do not import each other, so the app shell hands the kit-dialogs
 * feature's edit dialog in (see app/router.tsx), as it does for the dashboard.
 */
export type AdminKitDialogs = { EditKitDialog: ComponentType<AdminEditKitDialogProps> };

export type AdminPageProps = {
  /** The signed-in user from the app shell; null when signed out. */
  user: CurrentUser | null;
  /** True while the session is still being checked. */
  isLoading?: boolean;
  dialogs: AdminKitDialogs;
};

/**
 * /admin. The server refuses every admin call to anyone but an admin; the page mirrors that with the role
 * (the spec's single fixed account becomes `role === 'admin'`).
 */
export function AdminPage({ user, isLoading = false, dialogs }: AdminPageProps) {
  if (isLoading) {
    return (
      <Container sx={{ py: 8 }}>
        <PageMeta {...META} />
        <Typography role="status">Loading...</Typography>
      </Container>
    );
  }
  if (!user) {
    return (
      <AccessMessage
        title="Admin Access Required"
        text="Please log in with an administrator account to view this page."
        to={PATHS.auth}
        action="Log In"
      />
    );
  }
  if (user.role !== 'admin') {
    return (
      <AccessMessage
        title="Access Denied"
        text="You don't have permission to access this page. Admin access is required."
        to={PATHS.dashboard}
        action="Go to Dashboard"
      />
    );
  }
  return <AdminConsole dialogs={dialogs} />;
}

function AccessMessage({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <PageMeta {...META} />
      <Card>
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <Lock color="error" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text}
          </Typography>
          <Button component={RouterLink} to={to} variant="contained">
            {action}
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}

type AdminTab = 'overview' | 'pending' | 'rejected' | 'all' | 'users' | 'manufacturers' | 'tools';

function AdminConsole({ dialogs: { EditKitDialog } }: { dialogs: AdminKitDialogs }) {
  const [tab, setTab] = useState<AdminTab>('overview');
  const [editing, setEditing] = useState<AdminKit | null>(null);
  const kits = useAdminKitsQuery();
  const pending = usePendingKitsQuery();
  const allKits = useMemo(() => kits.data ?? [], [kits.data]);
  const rejected = useMemo(() => allKits.filter((k) => k.status === 'rejected'), [allKits]);
  const pendingKits = pending.data ?? [];

  const tabs: { value: AdminTab; label: string }[] = [
    { value: 'overview', label: 'Overview' },
    { value: 'pending', label: `Pending Kits (${pendingKits.length})` },
    { value: 'rejected', label: `Rejected Kits (${rejected.length})` },
    { value: 'all', label: 'All Kits' },
    { value: 'users', label: 'User Management' },
    { value: 'manufacturers', label: 'Manufacturers' },
    { value: 'tools', label: 'Admin Tools' },
  ];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...META} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Admin Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Review and approve bleed kit registrations, manage users and keep the register accurate.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: AdminTab) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Admin sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} id={`admin-tab-${t.value}`} aria-controls={`admin-panel-${t.value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'overview' && <OverviewTab kits={allKits} isLoading={kits.isLoading} isError={kits.isError} />}
        {tab === 'pending' && (
          <KitReviewList kind="pending" kits={pendingKits} isLoading={pending.isLoading} isError={pending.isError} onEdit={setEditing} />
        )}
        {tab === 'rejected' && (
          <KitReviewList kind="rejected" kits={rejected} isLoading={kits.isLoading} isError={kits.isError} onEdit={setEditing} />
        )}
        {tab === 'all' && <AllKitsTab kits={allKits} isLoading={kits.isLoading} isError={kits.isError} onEdit={setEditing} />}
        {tab === 'users' && <UsersTab />}
        {tab === 'manufacturers' && <ManufacturersTab />}
        {tab === 'tools' && <AdminToolsTab kits={allKits} />}
      </Box>
      {/* Every field, plus the admin-only ones (status, manually checked, assignment) and Delete Kit. */}
      {editing && <EditKitDialog kitId={editing.id} open onClose={() => setEditing(null)} allowDelete isAdmin />}
    </Container>
  );
}
