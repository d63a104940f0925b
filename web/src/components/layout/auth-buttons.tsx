import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/config/paths';
import type { SiteHeaderProps } from './site-header';

/** Login, or Dashboard and Logout: in the header bar and in the mobile menu. */
export function AuthButtons({ user, onLogout, loggingOut }: SiteHeaderProps) {
  if (user === undefined) return null;
  if (user === null) {
    return (
      <Button variant="contained" component={RouterLink} to={PATHS.auth}>
        Login
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" component={RouterLink} to={PATHS.dashboard}>
        Dashboard
      </Button>
      <Button variant="contained" onClick={onLogout} disabled={loggingOut}>
        {loggingOut ? 'Logging out...' : 'Logout'}
      </Button>
    </>
  );
}
