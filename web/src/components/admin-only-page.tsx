import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { loginRedirectHref, type CurrentUser } from '@bleedkits/contracts';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageMeta } from './page-meta';
import { pageNavigation } from './page-navigation';
import { PATHS } from '@/config/paths';

/** The spec's message on an admin page for a signed-in user who is not an admin. */
export const ADMIN_PERMISSION_MESSAGE = "You don't have permission to access this page. Admin access is required.";

export type AdminOnlyPageProps = {
  user: CurrentUser | null;
  isLoading?: boolean;
  meta: { title: string; description: string };
  children: ReactNode;
};

/**
 * The gate of every admin page: a visitor is sent to sign in through the spec's login redirect (/api/login, which
 * brings them back to this page afterwards), a signed-in user who is not an admin sees the
 * permission message with 'Return to Homepage', an admin sees the page. (The gateway refuses their calls anyway.)
 */
export function AdminOnlyPage({ user, isLoading = false, meta, children }: AdminOnlyPageProps) {
  const location = useLocation();
  const leaving = !isLoading && !user;
  useEffect(() => {
    // A page load, not a route change: /api/login is the server's redirect (spec: the admin pages' login path).
    if (leaving) pageNavigation.replace(loginRedirectHref(`${location.pathname}${location.search}${location.hash}`));
  }, [leaving, location.pathname, location.search, location.hash]);

  if (isLoading || leaving) {
    return (
      <Container sx={{ py: 8 }}>
        <PageMeta {...meta} />
        <Typography role="status">Loading...</Typography>
      </Container>
    );
  }
  if (user?.role !== 'admin') {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <PageMeta {...meta} />
        <Card>
          <CardContent sx={{ textAlign: 'center', p: 4 }}>
            <Lock color="error" sx={{ fontSize: 48, mb: 1 }} />
            <Typography variant="h5" component="h1" gutterBottom>
              Access Denied
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {ADMIN_PERMISSION_MESSAGE}
            </Typography>
            <Button component={RouterLink} to={PATHS.home} variant="contained">
              Return to Homepage
            </Button>
          </CardContent>
        </Card>
      </Container>
    );
  }
  return <>{children}</>;
}
