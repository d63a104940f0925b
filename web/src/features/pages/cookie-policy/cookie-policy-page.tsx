import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { SITE } from '@bleedkits/contracts';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { InternalLink } from '../components/links';
import { COOKIES } from './cookies';

export function CookiePolicyPage() {
  return (
    <InfoPage
      title="Cookie Policy"
      description={`The cookies ${SITE.name} uses, what each one is for and how long it lasts, and how to change your choices.`}
      lead="What cookies we use, why, and how to change your choices."
    >
      <PageSection title="What cookies are">
        <Para>
          Cookies are small text files that a website stores in your browser. Some are needed for the site to work; others help
          us understand how the site is used or remember your preferences. We ask for your consent before setting any cookie
          that is not essential.
        </Para>
      </PageSection>

      <PageSection title="The cookies we use">
        <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
          <Table size="small" aria-label="Cookies used on this site">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">Cookie</TableCell>
                <TableCell component="th" scope="col">Category</TableCell>
                <TableCell component="th" scope="col">Purpose</TableCell>
                <TableCell component="th" scope="col">Duration</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {COOKIES.map((cookie) => (
                <TableRow key={cookie.name}>
                  <TableCell component="th" scope="row">
                    {cookie.name}
                  </TableCell>
                  <TableCell>{cookie.category}</TableCell>
                  <TableCell>{cookie.purpose}</TableCell>
                  <TableCell>{cookie.duration}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </PageSection>

      <PageSection title="The three categories">
        <BulletList
          items={[
            <>
              <strong>Essential</strong> cookies keep you signed in and remember your cookie choices. The site cannot work
              properly without them, so they are always on.
            </>,
            <>
              <strong>Analytics</strong> cookies tell us how many people visit and which pages they use, so that we can improve
              the site. They are set only if you agree.
            </>,
            <>
              <strong>Functional</strong> cookies remember your map preferences between visits. They are set only if you agree.
            </>,
          ]}
        />
      </PageSection>

      <PageSection title="Changing your choices">
        <Para>
          When you first visit, a banner lets you accept all cookies or choose which categories to allow. We ask again after a
          year. You can change your choices at any time with the cookie settings button shown on every page, and you can also
          delete cookies through your browser settings.
        </Para>
        <Para>
          For how we handle personal data more generally, see our <InternalLink to="/privacy-policy">privacy policy</InternalLink>.
        </Para>
      </PageSection>
    </InfoPage>
  );
}
