import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { contactHref, ContactSubjects } from '../contact/contact-link';
import { COURSES, TRAINING_FAQ } from './courses';

export function FirstAidTrainingPage() {
  return (
    <InfoPage
      title="First Aid Training"
      description="First aid and catastrophic bleeding courses: Emergency First Aid at Work, First Aid at Work, bleed control courses and community workshops."
      lead="Knowing where a kit is matters most when someone knows how to use it. We offer courses for workplaces and communities."
      maxWidth="lg"
    >
      <PageSection title="Our courses">
        <Grid container spacing={3}>
          {COURSES.map((course) => (
            <Grid key={course.name} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {course.name}
                  </Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
                    <Chip label={course.duration} color="primary" size="small" />
                    {course.facts.map((fact) => (
                      <Chip key={fact} label={fact} variant="outlined" size="small" />
                    ))}
                  </Stack>
                  <Para>{course.summary}</Para>
                  <Typography variant="subtitle2" component="p">
                    The course covers:
                  </Typography>
                  <BulletList items={course.covers} />
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </PageSection>

      <PageSection title="Frequently asked questions">
        {TRAINING_FAQ.map(({ question, answer }) => (
          <Accordion key={question} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="span" variant="subtitle1">
                {question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography variant="body1">{answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </PageSection>

      <PageSection title="Book a course">
        <Para>
          Tell us which course you are interested in, roughly how many people would attend and where you are based, and we will get back to you with
          dates and details.
        </Para>
        <Button component={RouterLink} to={contactHref(ContactSubjects.firstAidTrainingBooking)} variant="contained">
          Enquire about booking
        </Button>
      </PageSection>
    </InfoPage>
  );
}
