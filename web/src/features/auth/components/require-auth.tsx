import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { signInPageHref } from '@bleedkits/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../hooks/use-current-user';

/** Guards signed-in routes: a loading message while the session is checked, /auth?returnTo=<this page> when signed out. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoading, isSignedIn } = useCurrentUser();
  const location = useLocation();
  if (isLoading) {
    return (
      <Container sx={{ py: 8 }}>
        <Typography role="status">Loading...</Typography>
      </Container>
    );
  }
  // The whole address comes back after sign-in (a reminder's /dashboard?verify=<kitId> keeps its kit).
  if (!isSignedIn) return <Navigate to={signInPageHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <>{children ?? <Outlet />}</>;
}
