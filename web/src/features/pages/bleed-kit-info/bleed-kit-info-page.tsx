import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { InternalLink } from '../components/links';
import { PATHS } from '@/config/paths';

/** Typical contents; exact contents vary between manufacturers and kit models. */
const KIT_CONTENTS = [
  { item: 'Tourniquet', use: 'Applied above a wound on an arm or leg to stop bleeding that pressure alone cannot control.' },
  { item: 'Haemostatic dressing', use: 'Gauze treated to help blood clot, packed into a deep wound where a tourniquet cannot be used.' },
  { item: 'Trauma (pressure) bandage', use: 'A large dressing with a built-in bandage for applying firm, continuous pressure.' },
  { item: 'Gloves', use: 'To protect the person giving help.' },
  { item: 'Shears', use: 'To cut away clothing and expose the wound.' },
  { item: 'Foil blanket', use: 'To keep the casualty warm; heavy blood loss makes people cold quickly.' },
  { item: 'Instructions', use: 'Simple step-by-step guidance, so that someone without training can use the kit.' },
] as const;

const WHY_REGISTER = [
  <>
    <strong>Ambulance services know it is there.</strong> Registered kits are shared with ambulance services and a first-responder app, so a 999 call
    handler can send a caller to the nearest kit.
  </>,
  <>
    <strong>The public can find it.</strong> Once our admin team has verified it, your kit appears on the public map with its location and when it can
    be reached.
  </>,
  <>
    <strong>It stays ready.</strong> We remind you every {SITE.verificationIntervalMonths} months to check that the kit is in place, complete and in
    date.
  </>,
  <>
    <strong>Your details stay private.</strong> Custodian contact details are never shown publicly, and a cabinet access code is shared only with
    emergency services. You can also choose not to show a kit on the public map; it stays registered for emergency services.
  </>,
] as const;

export function BleedKitInfoPage() {
  return (
    <InfoPage
      title="Bleed Kit Information"
      description="What is in an emergency bleed control kit, how it is used, and why registering your kit helps ambulance services and the public find it."
      lead="What a bleed control kit contains, and why every kit should be on the national register."
    >
      <Alert severity="warning" sx={{ mb: 4 }}>
        In an emergency, call 999 first. The call handler can tell you where the nearest kit is and talk you through using it.
      </Alert>

      <PageSection title="What is in a bleed kit">
        <Para>
          A bleed control kit holds the equipment needed to control severe bleeding until the ambulance service arrives. Contents vary between
          manufacturers, but most kits include:
        </Para>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          {KIT_CONTENTS.map(({ item, use }) => (
            <Grid key={item} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {item}
                  </Typography>
                  <Typography variant="body2">{use}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Para>
          Some items, such as haemostatic dressings, have an expiry date, and seals can be broken after a kit is opened. Check your kit regularly and
          replace anything used or out of date.
        </Para>
      </PageSection>

      <PageSection title="Where kits are kept">
        <Para>
          Kits in an outdoor cabinet can be reached at any time; kits kept inside a building can be reached while it is open. Our{' '}
          <InternalLink to={PATHS.cabinetOptions}>cabinet options</InternalLink> page compares the choices.
        </Para>
      </PageSection>

      <PageSection title="Why register your kit">
        <BulletList items={WHY_REGISTER} />
        <Para>
          Registering takes a few minutes. You will need the kit&apos;s serial number, make and model, its exact location, who can get to it and when,
          and a contact for the person who looks after it.
        </Para>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to={PATHS.registerKit} variant="contained">
            Register Your Bleed Kit
          </Button>
          <Button component={RouterLink} to={PATHS.firstAidTraining} variant="outlined">
            First Aid Training
          </Button>
        </Stack>
      </PageSection>
    </InfoPage>
  );
}
