import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { NavLink as RouterNavLink, Link as RouterLink } from 'react-router';
import { Logo } from './logo';
import { MAIN_LINKS, MOBILE_LINKS } from './nav-links';
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

/** The site header. Presentational: the app shell passes the session in, so shared UI does not reach into features. */
export function SiteHeader({ user, onLogout, loggingOut }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
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
            onClick={() => setMenuOpen(true)}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: 'auto' }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer id="mobile-menu" anchor="right" open={menuOpen} onClose={closeMenu}>
        <Box component="nav" aria-label="Mobile" sx={{ width: 280, p: 2 }}>
          <List>
            {MOBILE_LINKS.map((link) => (
              <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={closeMenu}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
            {isAdmin && (
              <ListItemButton component={RouterLink} to={PATHS.admin} onClick={closeMenu}>
                <ListItemText primary="Admin" />
              </ListItemButton>
            )}
          </List>
          <Divider sx={{ my: 1 }} />
          <Stack spacing={1} onClick={closeMenu}>
            <AuthButtons user={user} onLogout={onLogout} loggingOut={loggingOut} />
          </Stack>
        </Box>
      </Drawer>
    </AppBar>
  );
}

function AuthButtons({ user, onLogout, loggingOut }: SiteHeaderProps) {
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
