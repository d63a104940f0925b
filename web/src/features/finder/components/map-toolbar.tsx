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

/** Zoom, locate-me and the pins/heatmap toggle, floating over the map. */
export function MapToolbar({ viewMode, locating, onZoom, onLocate, onViewModeChange }: Props) {
  return (
    <Stack spacing={1} sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1, alignItems: 'flex-end' }}>
      <Paper elevation={2}>
        <Stack>
          <Tooltip title="Zoom in" placement="left">
            <IconButton aria-label="Zoom in" onClick={() => onZoom(1)}>
              <AddIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Zoom out" placement="left">
            <IconButton aria-label="Zoom out" onClick={() => onZoom(-1)}>
              <RemoveIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Show my location" placement="left">
            <span>
              <IconButton aria-label="Show my location" onClick={onLocate} disabled={locating}>
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
          <ToggleButton value="pins" aria-label="Pins">
            <PlaceIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="heatmap" aria-label="Heatmap">
            <WhatshotIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Paper>
    </Stack>
  );
}
