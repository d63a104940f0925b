import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import PlaceIcon from '@mui/icons-material/Place';
import WhatshotIcon from '@mui/icons-material/Whatshot';
import type { ViewMode } from './map-view.types';

type Props = {
  viewMode: ViewMode;
  locating: boolean;
  onZoom: (delta: 1 | -1) => void;
  onLocate: () => void;
  onViewModeChange: (mode: ViewMode) => void;
};

const TOUCH = { width: 44, height: 44 } as const;

/** Zoom, locate-me and the pins/heatmap toggle, floating over the map; each a 44 px target for a thumb. */
export function MapToolbar({ viewMode, locating, onZoom, onLocate, onViewModeChange }: Props) {
  return (
    <Stack spacing={1} sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1, alignItems: 'flex-end' }}>
      <Paper elevation={2}>
        <Stack>
          <Tooltip title="Zoom in" placement="left">
            <IconButton aria-label="Zoom in" onClick={() => onZoom(1)} sx={TOUCH}>
              <AddIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Zoom out" placement="left">
            <IconButton aria-label="Zoom out" onClick={() => onZoom(-1)} sx={TOUCH}>
              <RemoveIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Show my location" placement="left">
            <span>
              <IconButton aria-label="Show my location" onClick={onLocate} disabled={locating} sx={TOUCH}>
                <GpsFixedIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </Paper>
      <Paper elevation={2}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={viewMode}
          onChange={(_, mode: ViewMode | null) => mode && onViewModeChange(mode)}
          aria-label="Map view"
        >
          <ToggleButton value="pins" aria-label="Pins" sx={TOUCH}>
            <PlaceIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="heatmap" aria-label="Heatmap" sx={TOUCH}>
            <WhatshotIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Paper>
    </Stack>
  );
}
