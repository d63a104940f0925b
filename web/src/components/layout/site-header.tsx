import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { NavLink as RouterNavLink } from 'react-router';
import { deferred } from '@/components/deferred';
import { AuthButtons } from './auth-buttons';
import { Logo } from './logo';
import { MAIN_LINKS } from './nav-links';
import { PATHS } from '@/config/paths';

export type HeaderUser = { firstName: string; role: string };

export type SiteHeaderProps = {
  /** null when signed out; undefined while the session is still being checked. */
  user: HeaderUser | null | undefined;
  onLogout: () => void;
  loggingOut: boolean;
};

const navSx = {
  color: 'text.primary',
  '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
} as const;

/** The drawer and its links: fetched when the menu is first opened (or ahead of that, when the page is idle). */
export const LazyMobileMenu = deferred(
  () => import('./mobile-menu'),
  (m) => m.MobileMenu,
  'The menu',
);

/** The site header. Presentational: the app shell passes the session in, so shared UI does not reach into features. */
export function SiteHeader({ user, onLogout, loggingOut }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the drawer's exit transition.
  const [menuWanted, setMenuWanted] = useState(false);
  const isAdmin = user?.role === 'admin';
  const closeMenu = () => setMenuOpen(false);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 'auto' }}>
            {MAIN_LINKS.map((link) => (
              <Button key={link.to} component={RouterNavLink} to={link.to} end={link.to === '/'} sx={navSx}>
                {link.label}
              </Button>
            ))}
            {isAdmin && (
              <Button component={RouterNavLink} to={PATHS.admin} sx={navSx}>
                Admin
              </Button>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
            <AuthButtons user={user} onLogout={onLogout} loggingOut={loggingOut} />
          </Stack>
          <IconButton
            aria-label="Open menu"
            aria-controls="mobile-menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: 'auto' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuWanted && <LazyMobileMenu open={menuOpen} onClose={closeMenu} user={user} onLogout={onLogout} loggingOut={loggingOut} />}
    </AppBar>
  );
}
