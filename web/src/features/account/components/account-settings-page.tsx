import ArrowBack from '@mui/icons-material/ArrowBack';
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
            {tab === 'profile' ? <ProfileForm key={user.id} user={user} /> : <PasswordForm />}
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
