import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FINDER, type ViewportQuery } from '@bleedkits/contracts';
import { abbreviateCount, formatDistanceKm, type LatLng } from '../lib/format';
import { HEATMAP_INTENSITY } from '../lib/heatmap-intensity';
import { mapsKeyFromConfig } from '@/components/maps/maps-key';
import { deferred, whenIdleAfterLoad } from '@/components/deferred';
import { useToast } from '@/components/toasts/use-toast';
import { visuallyHidden } from '@/components/visually-hidden';
import { useMapsConfigQuery } from '@/components/maps/api';
import { useFinderViewportKitsQuery } from '../api';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { useFinderResults } from '../hooks/use-finder-results';
import { useFinderSearch } from '../hooks/use-finder-search';
import { useNow } from '../hooks/use-now';
import { useResultRows, type ResultRow } from '../hooks/use-result-rows';
import { offlineNotice } from '../lib/offline-notice';
import { useSnapshotRefresh } from '../offline/use-snapshot-refresh';
import { FinderToasts } from '../messages';
import { FinderMap, LazyGoogleMapView, LazyMapControls } from './finder-map';
import type { CameraCommand, CameraMove, FinderMapViewProps, HeatmapSettings, MapViewport, ViewMode } from './map-view.types';
import type { FinderResults } from '../hooks/use-finder-results';
import { PinLegend } from './pin-legend';
import { isAreaWithoutKits, ResultsPrompt } from './results-prompt';
import { SearchForms } from './search-forms';

/** What a screen reader hears when results arrive: how many, the nearest, and whether they come from the offline copy. */
function announcement(results: FinderResults, rows: ResultRow[], openOnly: boolean): string {
  if (results.source === 'area') return '';
  const count = `${abbreviateCount(rows.length)} ${rows.length === 1 ? 'kit' : 'kits'}${openOnly ? ' open now' : ''} near ${results.label ?? 'this location'}.`;
  const nearest = rows[0]?.kit;
  const distance = nearest?.distance != null ? `, ${formatDistanceKm(nearest.distance)} km away` : '';
  const offline = results.offlineAsOf ? ` ${offlineNotice(results.offlineAsOf)}.` : '';
  return `${count}${nearest ? ` Nearest: ${nearest.locationName}${distance}.` : ''}${offline}`;
}

/** Rounded bounds, so tiny pans that the server would answer the same share the 60 s cache. */
function viewportQuery(v: MapViewport): ViewportQuery {
  const r = (n: number) => Math.round(n * 1e4) / 1e4;
  return { north: r(v.north), south: r(v.south), east: r(v.east), west: r(v.west), zoom: Math.round(v.zoom), limit: FINDER.viewportLimit };
}

/**
 * The list of kits, with its chips, open-now switch and offline notice: its own chunk, fetched once the page is idle
 * or as soon as a visitor turns to the search forms (long before a search can answer), or by the first answer,
 * whichever comes first. Until there is something to list, the prompt stands in its place.
 */
const LazyResultsList = deferred(
  () => import('./results-list'),
  (m) => m.ResultsList,
  'The results list',
);
const warmResultsList = () => void LazyResultsList.preload();

type Props = {
  /** The map behind the panel; tests pass a stand-in, the app the Google map. */
  MapView?: ComponentType<FinderMapViewProps>;
};

/** The 'Find Bleed Kits' panel: searches, near-me, legend, the map (when configured) and the results list. */
export function FinderPanel({ MapView = LazyGoogleMapView }: Props) {
  const toast = useToast();
  const config = useMapsConfigQuery();
  const mapsKey = config.isSuccess ? mapsKeyFromConfig(config.data) : config.isError ? null : undefined;
  const [mapReady, setMapReady] = useState(false);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [userPosition, setUserPosition] = useState<LatLng | null>(null);
  const [viewMode, setViewMode] = useState<ViewMode>('pins');
  const [heatmap, setHeatmap] = useState<HeatmapSettings>({ scheme: 'default', intensity: HEATMAP_INTENSITY.initial });
  const [camera, setCamera] = useState<CameraCommand | null>(null);
  const cameraSeq = useRef(0);
  const moveCamera = useCallback((move: CameraMove) => setCamera({ ...move, id: ++cameraSeq.current }), []);

  const { results, showArea, showFound, restoreArea } = useFinderResults();
  const search = useFinderSearch({ showFound, moveCamera, setUserPosition });
  const now = useNow();
  const [openOnly, setOpenOnly] = useState(false);
  const rows = useResultRows(results.kits, now, openOnly);
  useSnapshotRefresh();
  useEffect(() => whenIdleAfterLoad(warmResultsList), []);

  const onViewportChange = useDebouncedCallback(setViewport, FINDER.refetchDebounceMs);
  const area = useFinderViewportKitsQuery(mapReady && viewport ? viewportQuery(viewport) : skipToken);
  useEffect(() => {
    if (area.data) showArea(area.data);
  }, [area.data, showArea]);

  // The home page's search action (/?search=...) runs a search on arrival, once.
  const [params] = useSearchParams();
  const initialSearch = params.get('search')?.trim() ?? '';
  const searched = useRef(false);
  useEffect(() => {
    if (searched.current || initialSearch === '') return;
    searched.current = true;
    void search.searchText(initialSearch);
  }, [initialSearch, search.searchText]);

  const restore = () => {
    restoreArea();
    toast({ title: FinderToasts.mapRestoredTitle, description: FinderToasts.mapRestored });
  };

  const hasMap = Boolean(mapsKey) && mapReady;
  const mapKits = results.kits;
  const mapClusters = results.clusters;
  const listKey = useMemo(() => `${results.source}:${results.label ?? ''}`, [results.source, results.label]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="finder-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
          Find Bleed Kits
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          In an emergency call 999 first. Search by postcode, address or what3words, or find the kits nearest to you.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '360px 1fr' },
            gridTemplateAreas: { xs: '"search" "list" "map" "legend"', md: '"search map" "list map" "list legend"' },
            gridTemplateRows: { md: 'auto 1fr auto' },
          }}
        >
          {/* A visitor who reaches for a search before the page is idle fetches the list's chunk while typing. */}
          <Box sx={{ gridArea: 'search' }} onFocus={warmResultsList} onPointerDown={warmResultsList}>
            <SearchForms
              busy={search.busy}
              initialLocation={initialSearch}
              onSearch={search.searchText}
              onWhat3words={search.searchWhat3words}
              onNearMe={search.findNearMe}
            />
            {results.source !== 'area' && hasMap && (
              <Button onClick={restore} size="small" sx={{ mt: 1 }}>
                Show all kits in this area
              </Button>
            )}
          </Box>
          <Box component="p" role="status" aria-live="polite" sx={visuallyHidden} data-testid="finder-announcement">
            {announcement(results, rows, openOnly)}
          </Box>
          <Box sx={{ gridArea: 'list', maxHeight: { xs: 'none', md: 560 }, overflowY: { md: 'auto' } }}>
            {isAreaWithoutKits(results) ? (
              <ResultsPrompt hasMap={hasMap} />
            ) : (
              <LazyResultsList key={listKey} results={results} hasMap={hasMap} now={now} openOnly={openOnly} onOpenOnlyChange={setOpenOnly} />
            )}
          </Box>
          <Box
            sx={{
              gridArea: 'map',
              position: 'relative',
              borderRadius: 1,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              // Without a map, the notice stays compact so the list keeps the room.
              ...(mapsKey ? { height: { xs: 340, md: 560 } } : { alignSelf: 'start' }),
            }}
          >
            <FinderMap
              mapsKey={mapsKey}
              configFailed={config.isError}
              MapView={MapView}
              kits={mapKits}
              clusters={mapClusters}
              userPosition={userPosition}
              viewMode={viewMode}
              heatmap={heatmap}
              camera={camera}
              onViewportChange={onViewportChange}
              onReadyChange={setMapReady}
            />
            {hasMap && (
              <LazyMapControls
                viewMode={viewMode}
                locating={search.busy === 'locate'}
                heatmap={heatmap}
                onZoom={(delta) => moveCamera({ kind: 'zoom', delta })}
                onLocate={search.locateMe}
                onViewModeChange={setViewMode}
                onHeatmapChange={setHeatmap}
              />
            )}
          </Box>
          <Box sx={{ gridArea: 'legend' }}>
            <PinLegend />
          </Box>
        </Box>
      </Paper>
    </Container>
  );
}
