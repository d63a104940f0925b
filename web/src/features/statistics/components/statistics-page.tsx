import AccessTime from '@mui/icons-material/AccessTime';
import LocalHospital from '@mui/icons-material/LocalHospital';
import Place from '@mui/icons-material/Place';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { makeLabel, type StatisticsResponse } from '@bleedkits/contracts';
import { ambulanceServiceLabel, kitStatusLabel } from '@/config/labels';
import { percentOf, summariseStatistics } from '../lib/statistics-summary';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { StatTile } from '@/components/stat-tile';
import { useStatisticsQuery } from '../api';
import { PATHS } from '@/config/paths';

const META = {
  title: 'Statistics',
  description: 'How many emergency bleed control kits are registered across the UK, by ambulance service region, manufacturer and access type.',
};

type Row = { key: string; label: string; count: number; percent?: number };

function Distribution({ title, rows, empty = 'No data yet.' }: { title: string; rows: Row[]; empty?: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((r) => (
              <Box component="li" key={r.key}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography>{r.label}</Typography>
                  <Typography sx={{ fontWeight: 600 }}>
                    {r.count}
                    {r.percent !== undefined && ` (${r.percent}%)`}
                  </Typography>
                </Stack>
                {r.percent !== undefined && (
                  <LinearProgress variant="determinate" value={r.percent} aria-hidden sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
                )}
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function Statistics({ data }: { data: StatisticsResponse }) {
  const summary = summariseStatistics(data);
  const total = data.totalActiveKits;
  return (
    <>
      <Grid container spacing={3} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile icon={<Place fontSize="large" />} value={summary.totalActiveKits.toLocaleString('en-GB')} label="Total Active Kits" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile icon={<VerifiedUser fontSize="large" />} value={`${summary.verifiedPercent}%`} label="Verified Data" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile icon={<AccessTime fontSize="large" />} value={summary.access247.toLocaleString('en-GB')} label="24/7 Access Kits" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatTile icon={<LocalHospital fontSize="large" />} value={String(summary.ambulanceRegions)} label="Ambulance Regions" />
        </Grid>
      </Grid>

      <Alert severity="info" role="note" sx={{ mb: 4 }}>
        <AlertTitle>Important note</AlertTitle>
        There are over 30,000 foundation bleed kits in the UK. Many of them are carried in police cars, trains, taxis and private vehicles, so they
        cannot be mapped. The figures below cover the fixed-location kits on this register.
      </Alert>

      <Grid container spacing={3} sx={{ mb: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Distribution
            title="By Ambulance Service Region"
            rows={data.byAmbulanceService.map((s) => ({ key: s.service, label: ambulanceServiceLabel(s.service), count: s.count }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Distribution title="By Kit Manufacturer" rows={data.byMake.map((m) => ({ key: m.make, label: makeLabel(m.make), count: m.count }))} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Distribution
            title="By Access Type"
            rows={data.byAccessType.map((a) => ({ key: a.type, label: a.type, count: a.count, percent: percentOf(a.count, total) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Distribution
            title="Status Overview"
            rows={data.byStatus.map((s) => ({ key: s.status, label: kitStatusLabel(s.status), count: s.count }))}
          />
        </Grid>
      </Grid>
    </>
  );
}

/** /statistics: the public figures of the register. */
export function StatisticsPage() {
  const { data, isLoading, isError } = useStatisticsQuery();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta {...META} />
      <Typography variant="h3" component="h1" gutterBottom sx={{ textAlign: 'center' }}>
        Bleed Kit Statistics
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, textAlign: 'center' }}>
        The emergency bleed control kits registered on the UK Bleed Kit Register.
      </Typography>
      {isLoading ? (
        <Stack role="status" sx={{ alignItems: 'center', py: 8 }} spacing={2}>
          <CircularProgress aria-hidden />
          <Typography>Loading statistics...</Typography>
        </Stack>
      ) : isError || !data ? (
        <Alert severity="error">Failed to load statistics. Please try again later.</Alert>
      ) : (
        <Statistics data={data} />
      )}
      <Card sx={{ textAlign: 'center', bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <CardContent sx={{ py: 4 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Know where a bleed kit is?
          </Typography>
          <Typography sx={{ mb: 2 }}>Help us map every kit in the UK. Registering takes a few minutes.</Typography>
          <Button component={RouterLink} to={PATHS.register} variant="contained" color="secondary">
            Register a Kit
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
