import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from './page-meta';
import { PATHS } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <PageMeta title="Page Not Found" description="The page you were looking for does not exist." />
      <Card>
        <CardContent sx={{ p: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <ErrorOutlined color="error" fontSize="large" aria-hidden />
            <Typography variant="h4" component="h1">
              404 Page Not Found
            </Typography>
          </Stack>
          <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
          <Button component={RouterLink} to={PATHS.home} variant="contained" sx={{ mt: 3 }}>
            Go to the home page
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
