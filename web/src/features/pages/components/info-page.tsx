import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageMeta } from '@/components/page-meta';

export type InfoPageProps = {
  /** The tab title and the breadcrumb label. */
  title: string;
  /** The meta description for search engines. */
  description: string;
  /** The visible heading, when it differs from the tab title. */
  heading?: string;
  /** A short lead paragraph under the heading. */
  lead?: ReactNode;
  maxWidth?: 'md' | 'lg';
  children: ReactNode;
};

/** The frame every static information page shares: meta tags, breadcrumb, one h1 and a lead. */
export function InfoPage({ title, description, heading, lead, maxWidth = 'md', children }: InfoPageProps) {
  return (
    // Long words (a heading at display size, a long legal term) wrap rather than widen a 320 px phone's page.
    <Container component="article" maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 }, overflowWrap: 'break-word' }}>
      <PageMeta title={title} description={description} />
      <Breadcrumbs trail={[{ label: title }]} />
      <Box component="header" sx={{ mb: 4 }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2.1rem', sm: '3rem' }, hyphens: 'auto' }}>
          {heading ?? title}
        </Typography>
        {lead && (
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {lead}
          </Typography>
        )}
      </Box>
      {children}
    </Container>
  );
}
