import { lazy, Suspense, type ComponentType } from 'react';
import { MapMessages } from '../messages';
import { MapNotice } from './map-notice';
import type { FinderMapViewProps } from './map-view.types';

/** The Google code is a separate chunk, fetched only when a key is configured. */
export const LazyGoogleMapView = lazy(() => import('./google-map-view').then((m) => ({ default: m.GoogleMapView })));

type Props = Omit<FinderMapViewProps, 'apiKey'> & {
  /** undefined while /api/config is loading; null when no key is configured. */
  mapsKey: string | null | undefined;
  configFailed: boolean;
  MapView: ComponentType<FinderMapViewProps>;
};

/** Where the map goes; when there is no map this says why, and the list beside it keeps working. */
export function FinderMap({ mapsKey, configFailed, MapView, ...props }: Props) {
  if (configFailed) return <MapNotice message={MapMessages.loadFailed} />;
  if (mapsKey === undefined) return <MapNotice message="Loading map…" busy />;
  if (mapsKey === null) return <MapNotice message={MapMessages.notConfigured} />;
  return (
    <Suspense fallback={<MapNotice message="Loading map…" busy />}>
      <MapView apiKey={mapsKey} {...props} />
    </Suspense>
  );
}
