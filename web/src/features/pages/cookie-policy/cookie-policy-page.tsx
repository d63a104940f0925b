import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { SITE } from '@/config/site';
import { InfoPage } from '../components/info-page';
import { BulletList, Para, PageSection } from '../components/page-section';
import { ExternalLink, InternalLink } from '../components/links';
import { STORED_ITEMS } from './cookies';
import { PATHS } from '@/config/paths';

export function CookiePolicyPage() {
  return (
    <InfoPage
      title="Cookie Policy"
      description={`Exactly what ${SITE.name} stores on your device, why, and for how long.`}
      lead="Exactly what this site stores on your device, why, and for how long."
    >
      <PageSection title="What we store">
        <Para>
          We keep what we store to the minimum the site needs. Our two cookies are set only when you sign in. We do not use analytics, advertising or
          tracking cookies, and we do not share anything we store with anyone.
        </Para>
        <TableContainer component={Paper} variant="outlined" sx={{ mb: 2, overflowX: 'auto' }}>
          <Table size="small" aria-label="What this site stores on your device">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Name
                </TableCell>
                <TableCell component="th" scope="col">
                  Where
                </TableCell>
                <TableCell component="th" scope="col">
                  Purpose
                </TableCell>
                <TableCell component="th" scope="col">
                  How long
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {STORED_ITEMS.map((item) => (
                <TableRow key={item.name}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </TableCell>
                  <TableCell>{item.kind}</TableCell>
                  <TableCell>{item.purpose}</TableCell>
                  <TableCell>{item.duration}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </PageSection>

      <PageSection title="The cookie banner's choices">
        <BulletList
          items={[
            <>
              <strong>Essential</strong>: the sign-in cookies, the record of your choices and the offline copies above. The site cannot work without
              them, so they are always on.
            </>,
            <>
              <strong>Analytics</strong> and <strong>Functional</strong>: the site sets no cookies of either kind today. The banner records your
              choice so that none would ever be set without your agreement.
            </>,
          ]}
        />
      </PageSection>

      <PageSection title="The map">
        <Para>
          When the finder shows a map, your browser loads it from Google Maps. Google may then store its own cookies under its own terms; see{' '}
          <ExternalLink href="https://policies.google.com/technologies/cookies">how Google uses cookies</ExternalLink>. The list of kits and the
          search work without the map.
        </Para>
      </PageSection>

      <PageSection title="Changing your choices">
        <Para>
          You can change your choices at any time with the cookie settings button shown on every page. Clearing this site&apos;s data in your browser
          settings removes everything listed above and signs you out.
        </Para>
        <Para>
          For how we handle personal data more generally, see our <InternalLink to={PATHS.privacyPolicy}>privacy policy</InternalLink>.
        </Para>
      </PageSection>
    </InfoPage>
  );
}
