import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { InternalLink } from '../components/links';
import { PATHS } from '@/config/paths';

const HOW_THE_MAP_WORKS = [
  {
    title: 'Register',
    text: 'A kit custodian (an organisation, business or individual) registers a kit with its serial number, make, precise location, opening hours and how to get into it.',
  },
  {
    title: 'Verify',
    text: 'Our admin team checks every registration before the kit appears on the public map.',
  },
  {
    title: 'Share',
    text: 'Verified kits are shared with ambulance services and a first-responder app, so a 999 call handler can direct a caller to the nearest kit.',
  },
  {
    title: 'Keep it current',
    text: `Custodians are reminded every ${SITE.verificationIntervalMonths} months to check that their kit is still in place, complete and in date.`,
  },
] as const;

export function AboutPage() {
  return (
    <InfoPage
      title="About Us"
      description={`${SITE.name} is a UK charity keeping a national register and public map of emergency bleed control kits, shared with ambulance services.`}
      lead="We keep a national register and public map of emergency bleed control kits, so that anyone facing a life-threatening bleed can find one quickly."
    >
      <PageSection title="Our mission">
        <Para>
          A bleed control kit only helps if someone can find it in time. Our mission is to make every publicly accessible kit in the UK known: to the
          person standing next to a casualty, and to the ambulance services and volunteer responders who can direct them to it.
        </Para>
        <Para>
          {SITE.name} is a registered {CHARITY.legalForm} in {CHARITY.jurisdiction}, established {CHARITY.established}.
        </Para>
      </PageSection>

      <PageSection title="What bleed kits are">
        <Para>
          A bleed control kit is a small pack of equipment for stopping severe bleeding from a wound, for example after a road collision, an
          industrial accident, a fall onto glass or a stabbing. Kits usually hold a tourniquet, haemostatic dressings, trauma bandages, gloves and
          simple instructions. Many are kept in wall-mounted cabinets outside shops, pubs, community buildings and stations; others are kept inside
          workplaces and venues.
        </Para>
        <Para>
          See <InternalLink to={PATHS.bleedKitInfo}>bleed kit information</InternalLink> for what a kit contains and{' '}
          <InternalLink to={PATHS.cabinetOptions}>cabinet options</InternalLink> for where kits can be kept.
        </Para>
      </PageSection>

      <PageSection title="Why they matter">
        <Para>
          Catastrophic bleeding can become life-threatening within minutes, often before an ambulance can arrive. A bystander who calls 999 and has a
          kit to hand, guided by the call handler, can control the bleeding until help arrives.
        </Para>
        <Para>
          Many kits have been placed by communities, families and businesses, but a kit nobody knows about cannot be used. A single national register
          means the location of each kit is known in advance, instead of being discovered after an emergency.
        </Para>
      </PageSection>

      <PageSection title="How the map works">
        <Grid container spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {HOW_THE_MAP_WORKS.map((step, index) => (
            <Grid key={step.title} size={{ xs: 12, sm: 6 }} component="li">
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="overline" color="primary">
                    Step {index + 1}
                  </Typography>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {step.title}
                  </Typography>
                  <Typography variant="body2">{step.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Get involved">
        <BulletList
          items={[
            <>
              <strong>Register a kit</strong> you look after, so that it can be found in an emergency.
            </>,
            <>
              <strong>Learn how to use one</strong> on one of our <InternalLink to={PATHS.firstAidTraining}>first aid training courses</InternalLink>.
            </>,
            <>
              <strong>Support our work</strong> with a donation, which keeps the register running and helps place new kits.
            </>,
            <>
              <strong>Tell us about a kit</strong> or ask a question through our <InternalLink to={PATHS.contact}>contact form</InternalLink>.
            </>,
          ]}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
          <Button component={RouterLink} to={PATHS.registerKit} variant="contained">
            Register a Kit
          </Button>
          <Button component={RouterLink} to={PATHS.donate} variant="outlined">
            Donate
          </Button>
        </Stack>
        <Box sx={{ mt: 4 }}>
          <Typography variant="body2" color="text.secondary">
            This site is not for emergency use. In an emergency, call 999.
          </Typography>
        </Box>
      </PageSection>
    </InfoPage>
  );
}
