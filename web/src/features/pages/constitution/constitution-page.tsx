import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CHARITY } from '@/config/charity';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { CONSTITUTION_SECTIONS } from './constitution-sections';

const anchor = (number: number): string => `section-${number}`;

export function ConstitutionPage() {
  return (
    <InfoPage
      title="Constitution"
      description={`The constitution of ${SITE.name}, a registered ${CHARITY.legalForm} in ${CHARITY.jurisdiction}: objects, powers, trustees, meetings and dissolution.`}
      lead={`${SITE.name} is a registered ${CHARITY.legalForm} in ${CHARITY.jurisdiction}, established ${CHARITY.established}. This is its constitution.`}
    >
      <Paper component="nav" aria-label="Contents" variant="outlined" sx={{ p: 2, mb: 4 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Contents
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 } }}>
          {CONSTITUTION_SECTIONS.map((section, index) => (
            <li key={section.title}>
              <Link href={`#${anchor(index + 1)}`} underline="hover">
                {section.title}
              </Link>
            </li>
          ))}
        </Box>
      </Paper>

      {CONSTITUTION_SECTIONS.map((section, index) => {
        const number = index + 1;
        return (
          <Box
            key={section.title}
            component="section"
            id={anchor(number)}
            aria-labelledby={`${anchor(number)}-title`}
            sx={{ mb: 4, scrollMarginTop: 80 }}
          >
            <Typography id={`${anchor(number)}-title`} variant="h5" component="h2" gutterBottom>
              {number}. {section.title}
            </Typography>
            {section.body}
          </Box>
        );
      })}
    </InfoPage>
  );
}
