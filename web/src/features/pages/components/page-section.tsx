import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type PageSectionProps = {
  title: string;
  children: ReactNode;
};

/** A titled section of an information page, labelled by its own h2 so it appears in the page outline. */
export function PageSection({ title, children }: PageSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A body paragraph with the spacing information pages use. */
export function Para({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body1" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * A plain bulleted list; MUI's List adds interaction styles that static prose does not need.
 * `unmarked` drops the bullets for items that carry their own label, such as '(a)' in the constitution.
 */
export function BulletList({ items, unmarked = false }: { items: readonly ReactNode[]; unmarked?: boolean }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, listStyle: unmarked ? 'none' : undefined, '& li': { mb: 1 } }}>
      {items.map((item, index) => (
        <Typography component="li" variant="body1" key={index}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}
