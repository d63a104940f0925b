import type { FinderKit, KitCluster, ViewportQuery } from '@bleedkits/contracts';
import type { HeatmapScheme } from '../lib/heatmap';
import type { LatLng } from '../lib/format';

export type ViewMode = 'pins' | 'heatmap';
export type HeatmapSettings = { scheme: HeatmapScheme; intensity: number };

/** A request to move the map; `id` makes a repeated request (the same zoom step twice) count again. */
export type CameraMove = { kind: 'centre'; position: LatLng; zoom: number } | { kind: 'zoom'; delta: number } | { kind: 'reset' };
export type CameraCommand = CameraMove & { id: number };

export type MapViewport = Omit<ViewportQuery, 'limit'>;

/** What the panel gives the map; everything Google-specific lives behind this. */
export type FinderMapViewProps = {
  apiKey: string;
  kits: readonly FinderKit[];
  clusters: readonly KitCluster[];
  userPosition: LatLng | null;
  viewMode: ViewMode;
  heatmap: HeatmapSettings;
  camera: CameraCommand | null;
  /** Reported whenever the map settles (idle) with known bounds. */
  onViewportChange: (viewport: MapViewport) => void;
  /** True once a map instance exists (the toolbar and the geocoder fallback need it). */
  onReadyChange: (ready: boolean) => void;
};
