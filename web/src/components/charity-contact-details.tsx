import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { postalAddressLines, type SiteSettings } from '@bleedkits/contracts';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

type Contact = SiteSettings['contact'];

/** True when at least one of the charity's contact details is set. */
export function hasContactDetails(contact: Contact): boolean {
  return Boolean(contact.email || contact.phone || contact.postalAddress);
}

/** A phone number as a tel: link (digits and a leading +). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The charity's e-mail, phone and postal address, one line each; a detail that is not set has no line at all.
 * Used by the contact page, the footer and the donate page, so all three say the same.
 */
export function CharityContactDetails({
  contact,
  label = 'Our contact details',
  linkSx,
  show = ['email', 'phone', 'postalAddress'],
}: {
  contact: Contact;
  /** The list's accessible name. */
  label?: string;
  linkSx?: SxProps<Theme>;
  /** Which details to show (the donate page shows only how to reach us). */
  show?: readonly (keyof Contact)[];
}) {
  const lines: { key: keyof Contact; icon: ReactNode; name: string; content: ReactNode }[] = [];
  if (contact.email && show.includes('email'))
    lines.push({
      key: 'email',
      icon: <EmailIcon fontSize="small" />,
      name: 'Email',
      content: (
        <Link href={`mailto:${contact.email}`} sx={linkSx}>
          {contact.email}
        </Link>
      ),
    });
  if (contact.phone && show.includes('phone'))
    lines.push({
      key: 'phone',
      icon: <PhoneIcon fontSize="small" />,
      name: 'Phone',
      content: (
        <Link href={telHref(contact.phone)} sx={linkSx}>
          {contact.phone}
        </Link>
      ),
    });
  if (contact.postalAddress && show.includes('postalAddress'))
    lines.push({
      key: 'postalAddress',
      icon: <PlaceIcon fontSize="small" />,
      name: 'Postal address',
      content: (
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          {postalAddressLines(contact.postalAddress).map((line, i) => (
            <Box component="span" key={i} sx={{ display: 'block' }}>
              {line}
            </Box>
          ))}
        </Box>
      ),
    });
  if (lines.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.key}
          data-contact={line.key}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
        >
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', mt: '2px' }}>
            {line.icon}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {line.name}:{' '}
          </Box>
          {line.content}
        </Box>
      ))}
    </Box>
  );
}
