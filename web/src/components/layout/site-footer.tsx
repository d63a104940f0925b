import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import OpenInNew from '@mui/icons-material/OpenInNew';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE } from '@/config/site';
import { useSiteSettings } from '@/config/site-settings';
import { Link as RouterLink } from 'react-router';
import { CharityContactDetails, hasContactDetails } from '../charity-contact-details';
import { FOOTER_QUICK_LINKS, FOOTER_RESOURCES, FOUNDATION_SITE, type NavLink } from './nav-links';

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/', Icon: Facebook },
  { label: 'X (Twitter)', href: 'https://x.com/', Icon: XIcon },
  { label: 'Instagram', href: 'https://www.instagram.com/', Icon: Instagram },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedIn },
] as const;

const linkSx = { color: 'grey.300', '&:hover': { color: 'common.white' } } as const;
/** A link in a list is a target of its own: 24 px high (WCAG 2.5.8) by itself, not only through the gap beside it. */
const listLinkSx = { ...linkSx, display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { contact } = useSiteSettings();
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'grey.100', pt: 6, pb: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 800, color: 'common.white' }}>
              {SITE.name}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, color: 'grey.300' }}>
              The national register and public map of emergency bleed control kits, shared with ambulance services so help can reach a casualty
              faster.
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 2 }} aria-label="Social media">
              {SOCIAL.map(({ label, href, Icon }) => (
                <IconButton key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" aria-label={label} sx={linkSx}>
                  <Icon />
                </IconButton>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FooterList title="Quick Links" links={FOOTER_QUICK_LINKS} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FooterList title="Resources" links={FOOTER_RESOURCES}>
              <li>
                <Link
                  href={FOUNDATION_SITE.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ ...listLinkSx, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  {FOUNDATION_SITE.label}
                  <OpenInNew sx={{ fontSize: 14 }} aria-label="(opens in a new tab)" />
                </Link>
              </li>
            </FooterList>
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            {hasContactDetails(contact) && (
              <Box component="section" aria-labelledby="footer-contact" sx={{ mb: 3, color: 'grey.300', typography: 'body2' }}>
                <Typography id="footer-contact" variant="subtitle2" component="h2" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
                  Contact Us
                </Typography>
                <CharityContactDetails contact={contact} label="Contact details" linkSx={linkSx} />
              </Box>
            )}
            <Typography variant="subtitle2" component="h2" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
              Stay Informed
            </Typography>
            <Typography variant="body2" sx={{ color: 'grey.300' }}>
              Follow us for news on new kit locations, training events and fundraising. Custodians receive verification reminders every{' '}
              {SITE.verificationIntervalMonths} months by e-mail.
            </Typography>
          </Grid>
        </Grid>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.15)', my: 4 }} />
        <Typography variant="body2" sx={{ color: 'grey.300' }}>
          {SITE.name} is a registered Charitable Incorporated Organisation (CIO) in England and Wales.
        </Typography>
        <Typography variant="body2" sx={{ color: 'grey.400', mt: 1 }}>
          Not for emergency use: in an emergency always call 999. © {year} {SITE.name}.
        </Typography>
      </Container>
    </Box>
  );
}

function FooterList({ title, links, children }: { title: string; links: readonly NavLink[]; children?: React.ReactNode }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h2" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Link component={RouterLink} to={link.to} sx={listLinkSx} underline="hover">
              {link.label}
            </Link>
          </li>
        ))}
        {children}
      </Box>
    </nav>
  );
}
