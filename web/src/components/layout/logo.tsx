import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SITE } from '@/config/site';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/config/paths';

/** A red cross-in-square mark and the site name; links home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={PATHS.home}
      aria-label={`${SITE.name} home`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: inverted ? 'common.white' : 'text.primary', textDecoration: 'none' }}
    >
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 36, height: 36, flexShrink: 0 }}>
        <rect width="64" height="64" rx="12" fill="#b71c1c" />
        <path d="M26 12h12v14h14v12H38v14H26V38H12V26h14z" fill="#fff" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.15rem' }, lineHeight: 1.1 }}>
        {SITE.name}
      </Typography>
    </Box>
  );
}
