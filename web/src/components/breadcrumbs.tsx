import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '@/config/paths';

export type Crumb = { label: string; to?: string };

export type BreadcrumbsProps = {
  /** The crumbs after 'Home'; the last one is normally the current page and has no link. */
  trail: readonly Crumb[];
};

/** 'Home' followed by the trail. A crumb without `to` is plain text; the last crumb is marked as the current page. */
export function Breadcrumbs({ trail }: BreadcrumbsProps) {
  return (
    <MuiBreadcrumbs aria-label="Breadcrumb" sx={{ mb: 3 }}>
      <Link component={RouterLink} to={PATHS.home} underline="hover" color="inherit">
        Home
      </Link>
      {trail.map((crumb, index) => {
        const current = index === trail.length - 1;
        return crumb.to ? (
          <Link
            key={crumb.label}
            component={RouterLink}
            to={crumb.to}
            underline="hover"
            color={current ? 'text.primary' : 'inherit'}
            aria-current={current ? 'page' : undefined}
          >
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} color="text.primary" aria-current={current ? 'page' : undefined}>
            {crumb.label}
          </Typography>
        );
      })}
    </MuiBreadcrumbs>
  );
}
