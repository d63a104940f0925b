import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { HOME_FAQ } from '../home-faq-content';

export function HomeFaq() {
  return (
    <Box component="section" aria-labelledby="home-faq-title" sx={{ py: { xs: 5, md: 8 } }}>
      <Container maxWidth="md">
        <Typography id="home-faq-title" variant="h4" component="h2" gutterBottom sx={{ textAlign: 'center', mb: 4 }}>
          Frequently Asked Questions
        </Typography>
        {HOME_FAQ.map(({ question, answer }, index) => (
          <Accordion key={question} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`home-faq-${index}-header`} aria-controls={`home-faq-${index}-content`}>
              <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`home-faq-${index}-content`} sx={{ '& p': { mt: 0 }, '& ul': { mt: 0, pl: 3 } }}>
              <Typography component="div" variant="body1">
                {answer}
              </Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Container>
    </Box>
  );
}
