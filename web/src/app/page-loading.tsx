import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** Shown while a page's code arrives (a route loaded on first visit): announced politely, like the session check. */
export function PageLoading() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography role="status" aria-live="polite">
        Loading...
      </Typography>
    </Container>
  );
}
