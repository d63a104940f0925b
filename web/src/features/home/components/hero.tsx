import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/config/paths';

export function Hero() {
  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="hero-title" variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          Find and register emergency bleed control kits
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 4, opacity: 0.9 }}>
          A national register and public map of bleed control kits, shared with ambulance services so that help can be found when every minute counts.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={PATHS.registerKit} variant="contained" color="secondary" size="large">
            Register Your Bleed Kit
          </Button>
          <Button
            component={RouterLink}
            to={PATHS.bleedKitInfo}
            variant="outlined"
            size="large"
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
          >
            Learn About Bleed Kits
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
