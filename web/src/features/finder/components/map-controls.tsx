import { HeatmapBox } from './heatmap-box';
import { MapToolbar } from './map-toolbar';
import type { HeatmapSettings, ViewMode } from './map-view.types';

type Props = {
  viewMode: ViewMode;
  locating: boolean;
  heatmap: HeatmapSettings;
  onZoom: (delta: 1 | -1) => void;
  onLocate: () => void;
  onViewModeChange: (mode: ViewMode) => void;
  onHeatmapChange: (settings: HeatmapSettings) => void;
};

/**
 * What floats over a shown map: the toolbar, and the heatmap box in heatmap mode. One chunk, fetched when a map is
 * configured (finder-map.tsx), so the first visit without the map, and a phone before the map, do not download its
 * toggle buttons, tooltips and menu.
 */
export function MapControls({ viewMode, locating, heatmap, onZoom, onLocate, onViewModeChange, onHeatmapChange }: Props) {
  return (
    <>
      <MapToolbar viewMode={viewMode} locating={locating} onZoom={onZoom} onLocate={onLocate} onViewModeChange={onViewModeChange} />
      {viewMode === 'heatmap' && <HeatmapBox settings={heatmap} onChange={onHeatmapChange} />}
    </>
  );
}
