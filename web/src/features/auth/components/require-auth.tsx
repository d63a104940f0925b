import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../hooks/use-current-user';
import { PATHS } from '@/config/paths';

/** Guards signed-in routes: a loading message while the session is checked, /auth when signed out. */
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
  if (!isSignedIn) return <Navigate to={PATHS.auth} replace state={{ from: location.pathname }} />;
  return <>{children ?? <Outlet />}</>;
}
