import AccessTime from '@mui/icons-material/AccessTime';
import Groups from '@mui/icons-material/Groups';
import NearMe from '@mui/icons-material/NearMe';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

const TILES = [
  { Icon: NearMe, title: 'Find Nearby Kits', text: 'Search the national map by postcode, address, what3words or your own position.' },
  { Icon: VerifiedUser, title: 'Verified Locations', text: 'Every kit is checked by our admin team before it appears on the public map.' },
  { Icon: AccessTime, title: '24/7 Access', text: 'See which kits are available around the clock, and which are in buildings with opening hours.' },
  { Icon: Groups, title: 'Community Driven', text: 'Custodians across the UK register and maintain kits, and share them with ambulance services.' },
] as const;

/** The right-hand column of the auth screen: why to join, and the emergency warning. */
export function AuthMarketing() {
  return (
    <Box>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Help save lives in your community
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Register the bleed control kits you look after so that the public and ambulance services can find them when every second counts.
      </Typography>
      <Grid container spacing={2}>
        {TILES.map(({ Icon, title, text }) => (
          <Grid key={title} size={{ xs: 12, sm: 6 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Icon color="primary" aria-hidden />
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Alert severity="error" variant="outlined" role="note" sx={{ mt: 3 }}>
        <AlertTitle>In an emergency, call 999</AlertTitle>
        This site is not for emergency use. Call 999 first and follow the call handler&apos;s instructions; they can direct you to the nearest kit.
      </Alert>
    </Box>
  );
}
