import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { deferred } from '@/components/deferred';
import { MapMessages } from '../messages';
import { MapNotice } from './map-notice';
import type { FinderMapViewProps } from './map-view.types';

/** The Google code is a separate chunk, fetched only when a key is configured. */
export const LazyGoogleMapView = lazy(() => import('./google-map-view').then((m) => ({ default: m.GoogleMapView })));

/** The toolbar and heatmap box over a shown map: their own chunk, fetched with the map (below). */
export const LazyMapControls = deferred(
  () => import('./map-controls'),
  (m) => m.MapControls,
  'The map controls',
);

type Props = Omit<FinderMapViewProps, 'apiKey'> & {
  /** undefined while /api/config is loading; null when no key is configured. */
  mapsKey: string | null | undefined;
  configFailed: boolean;
  MapView: ComponentType<FinderMapViewProps>;
};

/** Where the map goes; when there is no map this says why, and the list beside it keeps working. */
export function FinderMap({ mapsKey, configFailed, MapView, ...props }: Props) {
  // Fetched while the map loads, so its controls are ready when it is.
  useEffect(() => {
    if (mapsKey) void LazyMapControls.preload();
  }, [mapsKey]);
  if (configFailed) return <MapNotice message={MapMessages.loadFailed} />;
  if (mapsKey === undefined) return <MapNotice message="Loading map…" busy />;
  if (mapsKey === null) return <MapNotice message={MapMessages.notConfigured} />;
  return (
    <Suspense fallback={<MapNotice message="Loading map…" busy />}>
      <MapView apiKey={mapsKey} {...props} />
    </Suspense>
  );
}
