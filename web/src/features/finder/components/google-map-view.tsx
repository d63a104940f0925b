/// <reference types="google.maps" />
import { Component, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { GoogleMap, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { FINDER, type FinderKit, type KitCluster } from '@bleedkits/contracts';
import { abbreviateCount, markerChunkSize } from '../lib/format';
import { hasPosition } from '../lib/listing';
import { HEATMAP_GRADIENTS, heatmapStyleForZoom, heatmapTypeWeight, heatmapWeight, clampHeatmapIntensity } from '../lib/heatmap';
import { addressLine, directionsLink, displayStatus, pinColour, what3wordsAddress } from '../lib/kit-view';
import { openState, openStateLabel } from '../lib/open-now';
import { MapMessages } from '../messages';
import { MapNotice } from './map-notice';
import type { CameraCommand, FinderMapViewProps } from './map-view.types';

/** Everything that touches Google lives in this file, loaded on demand only when a Maps key is configured. */

/**
 * The spec's libraries, and the same loader options as the kit form's map: the Maps loader is a page-wide singleton
 * that refuses a second set of options. The heatmap's library is imported on demand instead.
 */
const LIBRARIES: Libraries = ['geometry', 'places', 'marker'];
/** The spec: when the library fails to start, try again after 2 s. */
const RETRY_MS = 2000;
const START_CHECKS = 3;
const MAP_OPTIONS: google.maps.MapOptions = {
  minZoom: FINDER.minZoom,
  maxZoom: FINDER.maxZoom,
  disableDefaultUI: true,
  clickableIcons: false,
  gestureHandling: 'greedy',
};
const CONTAINER = { width: '100%', height: '100%' };
/** Stable empties, so hiding the pins does not re-run the marker effect on every render. */
const NO_KITS: readonly FinderKit[] = [];
const NO_CLUSTERS: readonly KitCluster[] = [];

export function GoogleMapView(props: FinderMapViewProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return (
    <MapErrorBoundary key={attempt} onRetry={retry}>
      <MapLoader key={attempt} attempt={attempt} onRetry={retry} {...props} />
    </MapErrorBoundary>
  );
}

function MapLoader({ attempt, onRetry, ...props }: FinderMapViewProps & { attempt: number; onRetry: () => void }) {
  // Remounting (a new attempt) calls the loader again, which resets a failed load and retries it.
  const { isLoaded, loadError } = useJsApiLoader({ googleMapsApiKey: props.apiKey, libraries: LIBRARIES });
  const [checks, setChecks] = useState(0);
  const started = isLoaded && typeof window.google?.maps?.Map === 'function';

  useEffect(() => {
    if (loadError && attempt === 0) {
      const t = setTimeout(onRetry, RETRY_MS);
      return () => clearTimeout(t);
    }
  }, [loadError, attempt, onRetry]);

  useEffect(() => {
    if (isLoaded && !started && checks < START_CHECKS) {
      const t = setTimeout(() => setChecks((c) => c + 1), RETRY_MS);
      return () => clearTimeout(t);
    }
  }, [isLoaded, started, checks]);

  if (loadError) {
    console.error('Google Maps failed to load', loadError);
    return <MapNotice message={MapMessages.loadFailed} onRetry={onRetry} />;
  }
  if (isLoaded && !started && checks >= START_CHECKS) return <MapNotice message={MapMessages.initFailed} onRetry={onRetry} />;
  if (!started) return <MapNotice message="Loading map…" busy />;
  return <MapCanvas {...props} />;
}

class MapErrorBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Map failed to initialise', error);
  }
  override render() {
    return this.state.failed ? <MapNotice message={MapMessages.initFailed} onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function MapCanvas({ kits, clusters, userPosition, viewMode, heatmap, camera, onViewportChange, onReadyChange }: FinderMapViewProps) {
  const [map, setMap] = useState<google.maps.Map | null>(null);

  const onLoad = useCallback(
    (m: google.maps.Map) => {
      setMap(m);
      onReadyChange(true);
    },
    [onReadyChange],
  );
  const onUnmount = useCallback(() => {
    setMap(null);
    onReadyChange(false);
  }, [onReadyChange]);

  const onIdle = useCallback(() => {
    const bounds = map?.getBounds();
    const zoom = map?.getZoom();
    if (!bounds || zoom === undefined) return;
    const ne = bounds.getNorthEast();
    const sw = bounds.getSouthWest();
    onViewportChange({ north: ne.lat(), south: sw.lat(), east: ne.lng(), west: sw.lng(), zoom });
  }, [map, onViewportChange]);

  useCamera(map, camera);
  usePins(map, viewMode === 'pins' ? kits : NO_KITS, viewMode === 'pins' ? clusters : NO_CLUSTERS);
  useHeatmap(map, viewMode === 'heatmap', kits, clusters, heatmap.scheme, heatmap.intensity);
  useUserMarker(map, userPosition);

  return (
    <GoogleMap
      mapContainerStyle={CONTAINER}
      center={FINDER.defaultCentre}
      zoom={FINDER.defaultZoom}
      options={MAP_OPTIONS}
      onLoad={onLoad}
      onUnmount={onUnmount}
      onIdle={onIdle}
    />
  );
}

function clampZoom(z: number): number {
  return Math.min(FINDER.maxZoom, Math.max(FINDER.minZoom, z));
}

function useCamera(map: google.maps.Map | null, camera: CameraCommand | null) {
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!map || !camera || applied.current === camera.id) return;
    applied.current = camera.id;
    switch (camera.kind) {
      case 'centre':
        map.panTo(camera.position);
        map.setZoom(clampZoom(camera.zoom));
        break;
      case 'zoom':
        map.setZoom(clampZoom((map.getZoom() ?? FINDER.defaultZoom) + camera.delta));
        break;
      case 'reset':
        map.setCenter(FINDER.defaultCentre);
        map.setZoom(FINDER.defaultZoom);
        break;
    }
  }, [map, camera]);
}

/** An info window's content built from text nodes, so kit text can never inject markup. */
function infoContent(kit: FinderKit): HTMLElement {
  const root = document.createElement('div');
  root.style.maxWidth = '240px';
  const line = (text: string, bold = false) => {
    const p = document.createElement('div');
    p.textContent = text;
    if (bold) p.style.fontWeight = '700';
    root.appendChild(p);
  };
  line(kit.locationName, true);
  if (addressLine(kit)) line(addressLine(kit));
  if (kit.detailedLocation) line(kit.detailedLocation);
  // Worked out when the popup opens, so it is right at that minute.
  const open = openStateLabel(openState(kit, new Date()));
  if (open) line(open, true);
  if (kit.openingHours) line(`Hours: ${kit.openingHours}`);
  const words = what3wordsAddress(kit);
  if (words) line(`what3words: ${words}`);
  line(`Status: ${displayStatus(kit).label}`);
  const route = directionsLink(kit);
  if (route) {
    const a = document.createElement('a');
    a.href = route.href;
    if (route.external) {
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
    }
    a.textContent = 'Directions';
    root.appendChild(a);
  }
  return root;
}

/** Kit pins and server clusters, added a chunk per frame so a thousand pins never freeze the page. */
function usePins(map: google.maps.Map | null, kits: readonly FinderKit[], clusters: readonly KitCluster[]) {
  useEffect(() => {
    if (!map) return;
    const markers: google.maps.Marker[] = [];
    const info = new google.maps.InfoWindow();
    const build: (() => google.maps.Marker)[] = [
      ...clusters.map((c) => () => {
        const m = new google.maps.Marker({
          position: { lat: c.latitude, lng: c.longitude },
          title: `${c.count} kits`,
          label: { text: abbreviateCount(c.count), color: '#ffffff', fontWeight: '700', fontSize: '12px' },
          icon: {
            path: google.maps.SymbolPath.CIRCLE,
            scale: Math.min(28, 14 + Math.log10(Math.max(1, c.count)) * 5),
            fillColor: '#b71c1c',
            fillOpacity: 0.9,
            strokeColor: '#ffffff',
            strokeWeight: 2,
          },
          zIndex: 2,
        });
        m.addListener('click', () => {
          map.panTo({ lat: c.latitude, lng: c.longitude });
          map.setZoom(clampZoom((map.getZoom() ?? FINDER.defaultZoom) + FINDER.clusterClickZoomStep));
        });
        return m;
      }),
      ...kits.filter(hasPosition).map((k) => () => {
        const m = new google.maps.Marker({
          position: { lat: k.latitude, lng: k.longitude },
          title: k.locationName,
          icon: { path: google.maps.SymbolPath.CIRCLE, scale: 9, fillColor: pinColour(k), fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 },
          zIndex: 1,
        });
        m.addListener('click', () => {
          info.setContent(infoContent(k));
          info.open({ map, anchor: m });
        });
        return m;
      }),
    ];
    const size = markerChunkSize(build.length);
    let next = 0;
    let frame = 0;
    const addChunk = () => {
      for (const make of build.slice(next, next + size)) {
        const m = make();
        m.setMap(map);
        markers.push(m);
      }
      next += size;
      if (next < build.length) frame = requestAnimationFrame(addChunk);
    };
    addChunk();
    return () => {
      cancelAnimationFrame(frame);
      info.close();
      for (const m of markers) {
        google.maps.event.clearInstanceListeners(m);
        m.setMap(null);
      }
    };
  }, [map, kits, clusters]);
}

let heatmapMissingLogged = false;

type Visualization = typeof google.maps.visualization;

/** The heatmap library, imported on first use; undefined (logged once) when Google does not offer it. */
async function visualizationLibrary(): Promise<Visualization | undefined> {
  const loaded = google.maps.visualization as Visualization | undefined;
  if (loaded?.HeatmapLayer) return loaded;
  try {
    const lib = (await google.maps.importLibrary('visualization')) as Visualization | undefined;
    if (lib?.HeatmapLayer) return lib;
  } catch {
    // Reported below, once.
  }
  // The heatmap is a nicety; the pins, list and searches work without it.
  if (!heatmapMissingLogged) console.warn('Google Maps heatmap (visualization) library is not available');
  heatmapMissingLogged = true;
  return undefined;
}

function useHeatmap(
  map: google.maps.Map | null,
  on: boolean,
  kits: readonly FinderKit[],
  clusters: readonly KitCluster[],
  scheme: FinderMapViewProps['heatmap']['scheme'],
  intensity: number,
) {
  useEffect(() => {
    if (!map || !on) return;
    let cancelled = false;
    let layer: google.maps.visualization.HeatmapLayer | undefined;
    let listener: google.maps.MapsEventListener | undefined;
    void visualizationLibrary().then((visualization) => {
      if (cancelled || !visualization) return;
      const data: google.maps.visualization.WeightedLocation[] = [
        ...kits
          .filter(hasPosition)
          .map((k) => ({ location: new google.maps.LatLng(k.latitude, k.longitude), weight: heatmapWeight(k, scheme, intensity) })),
        // A server cluster stands for `count` kits of unknown type.
        ...clusters.map((c) => ({
          location: new google.maps.LatLng(c.latitude, c.longitude),
          weight: c.count * heatmapTypeWeight(undefined) * (clampHeatmapIntensity(intensity) / 100),
        })),
      ];
      const style = () => heatmapStyleForZoom(map.getZoom() ?? FINDER.defaultZoom);
      layer = new visualization.HeatmapLayer({ data, map, gradient: [...HEATMAP_GRADIENTS[scheme]], ...style() });
      listener = map.addListener('zoom_changed', () => layer?.setOptions(style()));
    });
    return () => {
      cancelled = true;
      listener?.remove();
      layer?.setMap(null);
    };
  }, [map, on, kits, clusters, scheme, intensity]);
}

function useUserMarker(map: google.maps.Map | null, position: FinderMapViewProps['userPosition']) {
  useEffect(() => {
    if (!map || !position) return;
    const m = new google.maps.Marker({
      map,
      position,
      title: 'Your location',
      icon: { path: google.maps.SymbolPath.CIRCLE, scale: 7, fillColor: '#1a73e8', fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 3 },
      zIndex: 3,
    });
    return () => m.setMap(null);
  }, [map, position]);
}
