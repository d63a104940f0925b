import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { useCurrentUser } from '../hooks/use-current-user';
import { useAfterSignInPath } from '../hooks/use-after-sign-in-path';
import { AuthCard } from './auth-card';
import { AuthMarketing } from './auth-marketing';

export function AuthPage() {
  const { isLoading, isSignedIn } = useCurrentUser();
  const afterSignIn = useAfterSignInPath();
  // A visitor who arrives signed in goes home (or to returnTo) at once; one who signs in here leaves after the form's short delay.
  const [formShown, setFormShown] = useState(false);
  useEffect(() => {
    if (!isLoading && !isSignedIn) setFormShown(true);
  }, [isLoading, isSignedIn]);

  if (isSignedIn && !formShown) return <Navigate to={afterSignIn} replace />;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta
        title="Sign In or Create an Account"
        description="Sign in or create an account to register and manage the emergency bleed control kits you look after."
      />
      {isLoading ? (
        <Typography role="status">Loading...</Typography>
      ) : (
        <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <AuthCard />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <AuthMarketing />
          </Grid>
        </Grid>
      )}
    </Container>
  );
}
