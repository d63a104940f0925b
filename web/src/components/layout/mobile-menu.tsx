import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/config/paths';
import { AuthButtons } from './auth-buttons';
import { MOBILE_LINKS } from './nav-links';
import type { SiteHeaderProps } from './site-header';

type Props = SiteHeaderProps & { open: boolean; onClose: () => void };

/** The header's menu on a narrow screen: a drawer from the right. Its own chunk, fetched when first opened (site-header). */
export function MobileMenu({ open, onClose, user, onLogout, loggingOut }: Props) {
  const isAdmin = user?.role === 'admin';
  return (
    <Drawer id="mobile-menu" anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label="Mobile" sx={{ width: 280, p: 2 }}>
        <List>
          {MOBILE_LINKS.map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
          {isAdmin && (
            <ListItemButton component={RouterLink} to={PATHS.admin} onClick={onClose}>
              <ListItemText primary="Admin" />
            </ListItemButton>
          )}
        </List>
        <Divider sx={{ my: 1 }} />
        <Stack spacing={1} onClick={onClose}>
          <AuthButtons user={user} onLogout={onLogout} loggingOut={loggingOut} />
        </Stack>
      </Box>
    </Drawer>
  );
}
