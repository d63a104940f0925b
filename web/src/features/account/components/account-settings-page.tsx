import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@bleedkits/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { PATHS } from '@/config/paths';

type SettingsTab = 'profile' | 'password';

/** Profile and password settings for the signed-in user (the app shell passes the user in). */
export function AccountSettingsPage({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<SettingsTab>('profile');
  // A new sign-in e-mail waits for its link: the form starts again from the account as stored (each save changes
  // the key, and so does the refreshed user), and the page says where to look.
  const [emailPending, setEmailPending] = useState<{ message: string; saves: number } | null>(null);
  const formKey = [user.id, user.firstName, user.lastName, user.email, emailPending?.saves ?? 0].join('\n');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <PageMeta title="Account Settings" description="Update your profile information and password." />
      <Button component={RouterLink} to={PATHS.dashboard} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Back to Dashboard
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Account Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage your profile information and password.
      </Typography>
      <Card>
        <Tabs
          value={tab}
          onChange={(_, value: SettingsTab) => setTab(value)}
          aria-label="Account settings"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="profile" label="Profile Information" id="settings-tab-profile" aria-controls="settings-panel-profile" />
          <Tab value="password" label="Password" id="settings-tab-password" aria-controls="settings-panel-password" />
        </Tabs>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
            {tab === 'profile' ? (
              <>
                {emailPending && (
                  <Alert severity="info" onClose={() => setEmailPending(null)} sx={{ mb: 2.5 }}>
                    {emailPending.message}
                  </Alert>
                )}
                <ProfileForm
                  key={formKey}
                  user={user}
                  onEmailChangePending={(message) => setEmailPending((p) => ({ message, saves: (p?.saves ?? 0) + 1 }))}
                />
              </>
            ) : (
              <PasswordForm />
            )}
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
