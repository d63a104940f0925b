import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  HEATMAP_GRADIENTS,
  HEATMAP_INTENSITY,
  HEATMAP_SCHEME_LABELS,
  HEATMAP_SCHEMES,
  stepHeatmapIntensity,
  type HeatmapScheme,
} from '../lib/heatmap';
import type { HeatmapSettings } from './map-view.types';

type Props = { settings: HeatmapSettings; onChange: (settings: HeatmapSettings) => void };

/** The 'Availability Heatmap' box: the current scheme's ramp and a settings menu (scheme, intensity). */
export function HeatmapBox({ settings, onChange }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setScheme = (scheme: HeatmapScheme) => onChange({ ...settings, scheme });
  const step = (direction: 1 | -1) => onChange({ ...settings, intensity: stepHeatmapIntensity(settings.intensity, direction) });

  return (
    <Paper
      elevation={2}
      sx={{ position: 'absolute', left: 12, bottom: 12, zIndex: 1, p: 1.5, width: 220 }}
      role="region"
      aria-labelledby="heatmap-box-title"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="heatmap-box-title" variant="subtitle2" component="h3">
          Availability Heatmap
        </Typography>
        <IconButton size="small" aria-label="Heatmap settings" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <SettingsIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box
        aria-hidden="true"
        sx={{ height: 8, borderRadius: 1, mt: 1, background: `linear-gradient(to right, ${HEATMAP_GRADIENTS[settings.scheme].join(', ')})` }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          Fewer kits
        </Typography>
        <Typography variant="caption" color="text.secondary">
          More kits
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {`${HEATMAP_SCHEME_LABELS[settings.scheme]} · Intensity ${settings.intensity}%`}
      </Typography>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Colour scheme</ListSubheader>
        {HEATMAP_SCHEMES.map((scheme) => (
          <MenuItem
            key={scheme}
            selected={scheme === settings.scheme}
            onClick={() => setScheme(scheme)}
            role="menuitemradio"
            aria-checked={scheme === settings.scheme}
          >
            <Box component="span" sx={{ width: 24, display: 'inline-flex' }}>
              {scheme === settings.scheme && <CheckIcon fontSize="small" />}
            </Box>
            {HEATMAP_SCHEME_LABELS[scheme]}
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader>Intensity</ListSubheader>
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pb: 1 }} spacing={1}>
          <IconButton size="small" aria-label="Decrease intensity" onClick={() => step(-1)} disabled={settings.intensity <= HEATMAP_INTENSITY.min}>
            <RemoveIcon fontSize="small" />
          </IconButton>
          <Typography variant="body2" aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
            {`${settings.intensity}%`}
          </Typography>
          <IconButton size="small" aria-label="Increase intensity" onClick={() => step(1)} disabled={settings.intensity >= HEATMAP_INTENSITY.max}>
            <AddIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Menu>
    </Paper>
  );
}
