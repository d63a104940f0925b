import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import FavoriteIcon from '@mui/icons-material/Favorite';
import MapIcon from '@mui/icons-material/Map';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import { Link as RouterLink } from 'react-router';
import type { SiteSettings } from '@bleedkits/contracts';
import { CharityContactDetails } from '@/components/charity-contact-details';
import { visuallyHidden } from '@/components/visually-hidden';
import { CHARITY } from '@/config/charity';
import { useSiteSettings } from '@/config/site-settings';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { ExternalLink, InternalLink } from '../components/links';
import { contactHref, ContactSubjects } from '../contact/contact-link';
import { DONATION_IMPACT, LARGE_DONATION_THRESHOLD } from './donation-options';
import { PATHS } from '@/config/paths';

const HIGHLIGHTS: readonly { icon: ReactNode; value: string; label: string }[] = [
  { icon: <MedicalServicesIcon fontSize="large" color="primary" />, value: SITE.donateDisplayedKitCount, label: 'Registered kits' },
  { icon: <AccessTimeIcon fontSize="large" color="primary" />, value: '24/7', label: 'Emergency access' },
  { icon: <MapIcon fontSize="large" color="primary" />, value: 'UK-wide', label: 'Coverage' },
  { icon: <FavoriteIcon fontSize="large" color="primary" />, value: 'Daily', label: 'Lives saved' },
];

const FUNDS = [
  {
    title: 'Database and technology',
    items: [
      'Hosting and securing the national register and the public map',
      'Sharing verified kit information with ambulance services and a first-responder app',
      `Reminding custodians every ${SITE.verificationIntervalMonths} months to check their kits`,
      'Keeping the site fast, accessible and reliable',
    ],
  },
  {
    title: 'Kit deployment',
    items: [
      'Buying bleed control kits and cabinets for communities that need them',
      'Replacing items that have been used or have passed their expiry date',
      'Helping communities install and register new kits',
    ],
  },
] as const;

type WayToDonate = { title: string; text: string; details?: ReactNode; action: ReactNode };

/** A button to one of the charity's external giving pages, opening in a new tab and saying so. */
function ExternalGivingButton({ href, variant, children }: { href: string; variant: 'contained' | 'outlined'; children: string }) {
  return (
    <Button href={href} target="_blank" rel="noopener noreferrer" variant={variant}>
      {children}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Button>
  );
}

/**
 * The spec's three ways to give. The two online pages are the deployment's (DONATE_GIVING_PLATFORM_URL,
 * DONATE_PAYMENT_SERVICE_URL): an unset one has no option, and bank transfer is always offered.
 */
function waysToDonate({ donate, contact }: SiteSettings): WayToDonate[] {
  const ways: WayToDonate[] = [];
  if (donate.givingPlatformUrl)
    ways.push({
      title: 'Donate online with Gift Aid',
      text: 'Give online through our fundraising page. If you are a UK taxpayer, adding Gift Aid lets us claim back the basic-rate tax on your donation at no extra cost to you.',
      action: (
        <ExternalGivingButton href={donate.givingPlatformUrl} variant="contained">
          Donate online
        </ExternalGivingButton>
      ),
    });
  if (donate.paymentServiceUrl)
    ways.push({
      title: 'Donate by card or payment account',
      text: 'Give by card, or from your payment account, on our secure donation page.',
      action: (
        <ExternalGivingButton href={donate.paymentServiceUrl} variant="outlined">
          Donate by card
        </ExternalGivingButton>
      ),
    });
  ways.push({
    title: 'Bank transfer',
    text: 'To give directly from your bank account, ask us for our bank details and we will send them to you.',
    details: <CharityContactDetails contact={contact} label="Ask us for our bank details" show={['email', 'phone']} />,
    action: (
      <Button component={RouterLink} to={contactHref(ContactSubjects.bankTransferDetails)} variant="outlined">
        Request bank details
      </Button>
    ),
  });
  return ways;
}

export function DonatePage() {
  const ways = waysToDonate(useSiteSettings());
  return (
    <InfoPage
      title="Donate"
      heading="Help us keep bleed kits within reach"
      description={`Support ${SITE.name}: your donation keeps the national register of bleed control kits running and helps place new kits where they are needed.`}
      lead="Your donation keeps the national register of bleed control kits running and helps put more kits where they are needed."
      maxWidth="lg"
    >
      <Grid container spacing={2} sx={{ mb: 5 }} component="ul" aria-label="Highlights" style={{ listStyle: 'none', padding: 0 }}>
        {HIGHLIGHTS.map((tile) => (
          <Grid key={tile.label} size={{ xs: 6, md: 3 }} component="li">
            <Paper variant="outlined" sx={{ p: 3, height: '100%', textAlign: 'center' }}>
              {tile.icon}
              <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
                {tile.value}
              </Typography>
              <Typography color="text.secondary">{tile.label}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>

      <PageSection title="What your donation funds">
        <Grid container spacing={3}>
          {FUNDS.map((fund) => (
            <Grid key={fund.title} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {fund.title}
                  </Typography>
                  <BulletList items={fund.items} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Ways to donate">
        <Grid container spacing={3}>
          {ways.map((way) => (
            <Grid key={way.title} size={{ xs: 12, md: 12 / ways.length }}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {way.title}
                  </Typography>
                  <Typography variant="body2">{way.text}</Typography>
                  {way.details && <Box sx={{ mt: 2, typography: 'body2' }}>{way.details}</Box>}
                </CardContent>
                <CardActions sx={{ p: 2 }}>{way.action}</CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Your impact">
        <Grid container spacing={2} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {DONATION_IMPACT.map(({ amount, impact }) => (
            <Grid key={amount} size={{ xs: 12, md: 4 }} component="li">
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
                <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
                  {amount}
                </Typography>
                <Typography>{impact}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Charity status and transparency">
        <Para>
          {SITE.name} is a registered {CHARITY.legalForm} in {CHARITY.jurisdiction}, established {CHARITY.established}. Every donation is spent on our
          charitable objects, which are set out in our <InternalLink to={PATHS.constitution}>constitution</InternalLink>. Our details, and the reports
          and accounts we file each year, are available on the{' '}
          <ExternalLink href={CHARITY.regulatorRegisterUrl}>{CHARITY.regulator} register</ExternalLink>.
        </Para>
      </PageSection>

      <Box component="section" aria-labelledby="large-donations" sx={{ mb: 2 }}>
        <Paper sx={{ p: { xs: 3, md: 4 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <Typography id="large-donations" variant="h5" component="h2" gutterBottom>
            Larger gifts, partnerships and legacies
          </Typography>
          <Typography sx={{ mb: 2 }}>
            If you are thinking of a donation over {LARGE_DONATION_THRESHOLD}, a corporate partnership or leaving a gift in your will, we would be
            glad to talk it through with you.
          </Typography>
          <Button
            component={RouterLink}
            to={contactHref(ContactSubjects.largeDonationEnquiry)}
            variant="contained"
            color="inherit"
            sx={{ color: 'primary.main' }}
          >
            Get in touch
          </Button>
        </Paper>
      </Box>
    </InfoPage>
  );
}
