import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/**
 * What a page shows when its code could not be fetched (pages load on first visit, router.tsx): offline before the
 * service worker had stored it, or a tab left open across a release whose old files are gone. Reloading fetches the
 * current release.
 */
export function PageLoadError() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        This page could not be loaded
      </Typography>
      <Typography sx={{ mb: 3 }}>Check your connection and try again. In an emergency call 999.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Container>
  );
}
