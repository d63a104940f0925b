import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type StatTileProps = {
  /** What the figure counts; also the tile's accessible name (a region a screen reader can jump to). */
  label: string;
  value: number | string;
  /** A theme colour for the figure ('success.main', 'warning.main', ...); the text colour otherwise. */
  colour?: string;
  /** A line under the figure: what it counts, or what a click shows. */
  hint?: ReactNode;
  /** An icon above the figure: the headline layout of a public page, centred, the label under the figure. */
  icon?: ReactNode;
  variant?: 'elevation' | 'outlined';
  /** The tile opens details: it becomes one button, named by `action` (its label alone would not say what it does). */
  onClick?: () => void;
  action?: string;
};

/** A figure and what it counts, in a card: the dashboard's, the admin's and the public statistics' tiles. */
export function StatTile({ label, value, colour, hint, icon, variant, onClick, action }: StatTileProps) {
  const figure = (
    <Typography variant="h4" component="p" sx={{ color: colour, fontWeight: 700 }}>
      {value}
    </Typography>
  );
  const content = icon ? (
    <CardContent sx={{ textAlign: 'center' }}>
      <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
      {figure}
      <Typography color="text.secondary">{label}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  ) : (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {figure}
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card component="section" aria-label={label} variant={variant} sx={{ height: '100%' }}>
      {onClick ? (
        <CardActionArea onClick={onClick} aria-label={action} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
