import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/Email';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import SchoolIcon from '@mui/icons-material/School';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { useSearchParams } from 'react-router';
import { CharityContactDetails, hasContactDetails } from '@/components/charity-contact-details';
import { useSiteSettings } from '@/config/site-settings';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { InternalLink } from '../components/links';
import { ContactForm } from './contact-form';
import { PATHS } from '@/config/paths';

const CARDS: readonly { icon: ReactNode; title: string; body: ReactNode }[] = [
  {
    icon: <LocalHospitalIcon color="error" />,
    title: 'In an emergency',
    body: 'This site is not for emergency use. If someone is seriously hurt, call 999 now and follow their instructions.',
  },
  {
    icon: <EmailIcon color="primary" />,
    title: 'How we reply',
    body: 'We reply by email to messages sent with the form on this page, so please check the address you give us.',
  },
  {
    icon: <MedicalServicesIcon color="primary" />,
    title: 'Registering a kit',
    body: (
      <>
        Add a kit with our <InternalLink to={PATHS.registerKit}>registration form</InternalLink>. If something goes wrong, tell us the kit&apos;s
        serial number and location.
      </>
    ),
  },
  {
    icon: <SchoolIcon color="primary" />,
    title: 'Training and donations',
    body: (
      <>
        See our <InternalLink to={PATHS.firstAidTraining}>first aid courses</InternalLink> and the ways to{' '}
        <InternalLink to={PATHS.donate}>support our work</InternalLink>.
      </>
    ),
  },
];

export function ContactPage() {
  const [searchParams] = useSearchParams();
  const subject = searchParams.get('subject') ?? '';
  const { contact } = useSiteSettings();
  // The charity's own details come first when the deployment sets any; the card is absent otherwise.
  const cards = hasContactDetails(contact)
    ? [
        CARDS[0],
        {
          icon: <SupportAgentIcon color="primary" />,
          title: 'Contact details',
          body: <CharityContactDetails contact={contact} />,
        },
        ...CARDS.slice(1),
      ]
    : CARDS;

  return (
    <InfoPage
      title="Contact Us"
      description={`Contact ${SITE.name} about registering a bleed kit, first aid training, donations or anything else.`}
      lead="Questions about registering a kit, training, donations or the map? Send us a message."
      maxWidth="lg"
    >
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            {cards.map((card) => (
              <Card key={card.title} variant="outlined">
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                    {card.icon}
                    <div>
                      <Typography variant="h6" component="h2" gutterBottom>
                        {card.title}
                      </Typography>
                      <Typography variant="body2" component="div">
                        {card.body}
                      </Typography>
                    </div>
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" component="section" aria-labelledby="contact-form-title" sx={{ p: { xs: 2, md: 4 } }}>
            <Typography id="contact-form-title" variant="h5" component="h2" gutterBottom>
              Send us a message
            </Typography>
            {/* Keyed by subject so following another pre-filled link while on this page starts a fresh form. */}
            <ContactForm key={subject} initialSubject={subject} />
            <Alert severity="info" sx={{ mt: 3 }}>
              We use your name and email address only to reply to your message. We do not add you to a mailing list or share your details. See our{' '}
              <InternalLink to={PATHS.privacyPolicy}>privacy policy</InternalLink>.
            </Alert>
          </Paper>
        </Grid>
      </Grid>
    </InfoPage>
  );
}
