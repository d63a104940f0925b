import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCATION_TYPE_LABELS, type LocationType } from '@bleedkits/contracts';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { InternalLink } from '../components/links';
import { PATHS } from '@/config/paths';

type CabinetOption = {
  /** The location type chosen at registration, so the page names the same option the form shows. */
  type: LocationType;
  title: string;
  access: string;
  description: string;
  goodFor: readonly string[];
  consider: readonly string[];
};

const OPTIONS: readonly CabinetOption[] = [
  {
    type: 'locked_cabinet',
    title: 'Locked cabinet',
    access: 'Available 24/7 with an access code',
    description:
      'An outdoor cabinet secured with a keypad or combination lock. When someone calls 999, the call handler gives them the code. The code is recorded when you register the kit and is shared only with emergency services; it is never shown on the public map.',
    goodFor: ['Busy or exposed sites where tampering or theft is a concern', 'Kits that need to be reachable day and night'],
    consider: [
      'The caller needs to be on the phone to 999 to get the code',
      'If you change the code, update the kit on your dashboard straight away',
    ],
  },
  {
    type: 'unlocked_cabinet',
    title: 'Unlocked cabinet',
    access: 'Available 24/7, no code needed',
    description:
      'An outdoor cabinet that anyone can open. This is the quickest way to get a kit into someone’s hands, because nothing stands between the kit and the person who needs it.',
    goodFor: [
      'Sites with good natural surveillance, such as high streets and community buildings',
      'Communities that want the fastest possible access',
    ],
    consider: ['Check the cabinet more often, as an unlocked kit is easier to tamper with or remove', 'Keep the cabinet clearly signed and well lit'],
  },
  {
    type: 'building_limited',
    title: 'Limited-access building',
    access: 'Available during opening hours',
    description:
      'A kit kept inside premises such as a shop, office, school, gym or place of worship, which can be reached only while the building is open. When you register, you record the opening hours, so the map and the ambulance service know when the kit can be reached.',
    goodFor: ['Workplaces and venues that want a kit for staff and visitors', 'Sites where an outdoor cabinet is not possible'],
    consider: ['Make sure staff know where the kit is kept', 'Keep the opening hours on the register up to date'],
  },
  {
    type: 'building_247',
    title: '24/7 building',
    access: 'Available 24/7 inside a building that never closes',
    description: 'A kit kept inside premises that are open and staffed around the clock, such as a hotel reception or a 24-hour service station.',
    goodFor: ['Premises with staff on site at all times', 'Locations where an outdoor cabinet would not be allowed'],
    consider: ['Staff on every shift should know where the kit is and that they may be asked for it'],
  },
];

export function CabinetOptionsPage() {
  return (
    <InfoPage
      title="Cabinet Options"
      description="Where to keep a bleed control kit: locked cabinets with an access code, unlocked cabinets, limited-access buildings and 24/7 buildings."
      lead="Where a kit is kept decides who can reach it and when. When you register a kit, you choose one of these four options."
      maxWidth="lg"
    >
      <PageSection title="The four options">
        <Grid container spacing={3}>
          {OPTIONS.map((option) => (
            <Grid key={option.type} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {option.title}
                  </Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
                    <Chip label={option.access} color="primary" size="small" />
                    <Chip label={`Registered as: ${LOCATION_TYPE_LABELS[option.type]}`} variant="outlined" size="small" />
                  </Stack>
                  <Para>{option.description}</Para>
                  <Typography variant="subtitle2" component="p">
                    Suits
                  </Typography>
                  <BulletList items={option.goodFor} />
                  <Typography variant="subtitle2" component="p">
                    Things to consider
                  </Typography>
                  <BulletList items={option.consider} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Choosing a site for a cabinet">
        <BulletList
          items={[
            'Choose a wall that is easy to see and reach from the street, with lighting at night.',
            'Get permission from the owner of the building before fitting a cabinet.',
            'Use a weatherproof cabinet outdoors, and check it after extreme weather.',
            'Add clear signage so that people nearby know a kit is there.',
          ]}
        />
        <Para>
          Whichever option you choose, <InternalLink to={PATHS.registerKit}>register the kit</InternalLink> so that ambulance services and the public
          can find it. See <InternalLink to={PATHS.bleedKitInfo}>bleed kit information</InternalLink> for what a kit should contain.
        </Para>
      </PageSection>
    </InfoPage>
  );
}
