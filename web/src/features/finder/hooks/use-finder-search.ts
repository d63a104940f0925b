import { useCallback, useState } from 'react';
import { FINDER, isWhat3wordsUnavailable, type FinderKit } from '@bleedkits/contracts';
import { formatDistanceKm, haversineKm, type LatLng } from '../lib/format';
import { hasPosition } from '../lib/listing';
import { isApiError } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useLazyWhat3wordsToCoordinatesQuery } from '@/components/maps/api';
import { useLazyFinderNearbyQuery, useLazyFinderSearchQuery } from '../api';
import { currentPosition, GeolocationError } from '../lib/geolocation';
import { hasMapsGeocoder, reverseGeocode } from '../lib/reverse-geocode';
import { offlineNearby, offlinePlace } from '../offline/offline-search';
import { loadOfflineKits } from '../offline/snapshot-store';
import { FinderToasts as T } from '../messages';
import type { CameraMove } from '../components/map-view.types';
import type { useFinderResults } from './use-finder-results';

export type FinderBusy = 'search' | 'what3words' | 'nearMe' | 'locate' | null;

type Deps = {
  showFound: ReturnType<typeof useFinderResults>['showFound'];
  moveCamera: (move: CameraMove) => void;
  setUserPosition: (position: LatLng) => void;
};

/** Distance from `origin` for kits the answer gave none, nearest first. */
function withDistances(kits: FinderKit[], origin: LatLng): FinderKit[] {
  return kits
    .map((k) => (k.distance === null && hasPosition(k) ? { ...k, distance: haversineKm(origin, { lat: k.latitude, lng: k.longitude }) } : k))
    .sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
}

function nearestText(kit: FinderKit, withDetails: boolean): string {
  const distance = kit.distance === null ? '' : ` is ${formatDistanceKm(kit.distance)} km away`;
  const parts = [`${kit.locationName}${distance}`];
  if (withDetails && kit.openingHours) parts.push(`Hours: ${kit.openingHours}`);
  if (withDetails && kit.what3words) parts.push(`what3words: ///${kit.what3words.replace(/^\/+/, '')}`);
  return parts.join('. ');
}

/** The search's own answer for a place it could not read or find (400/404), else the generic failure. */
function searchFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 404) && error.serverMessage) return error.serverMessage;
  return T.searchFailed;
}

/** No answer from the server (no network, or the finder's services down): the offline snapshot may stand in. */
function unreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || error.status === 502 || error.status === 503 || error.status === 504;
}

/** Text search, three-word search, near-me and locate-me, with the spec's toasts; offline, from the stored snapshot. */
export function useFinderSearch({ showFound, moveCamera, setUserPosition }: Deps) {
  const toast = useToast();
  const [busy, setBusy] = useState<FinderBusy>(null);
  const [search] = useLazyFinderSearchQuery();
  const [nearby] = useLazyFinderNearbyQuery();
  const [what3words] = useLazyWhat3wordsToCoordinatesQuery();

  const fail = useCallback((title: string, description: string) => toast({ title, description, variant: 'destructive' }), [toast]);

  const showNearest = useCallback(
    (kits: FinderKit[], withDetails: boolean) => {
      if (kits[0]) toast({ title: T.nearestTitle, description: nearestText(kits[0], withDetails) });
    },
    [toast],
  );

  const centreOn = useCallback((position: LatLng) => moveCamera({ kind: 'centre', position, zoom: FINDER.searchResultZoom }), [moveCamera]);

  const searchText = useCallback(
    async (text: string) => {
      const location = text.trim();
      if (location === '') return fail(T.searchErrorTitle, T.emptySearch);
      setBusy('search');
      try {
        const { kits, place } = await search(location).unwrap();
        showFound({ source: 'search', kits, label: location, origin: place });
        // Centre on the place the server found; an older server sends no place, so the nearest kit stands in.
        const first = kits.find(hasPosition);
        const centre = place ?? (first ? { lat: first.latitude, lng: first.longitude } : null);
        if (centre) centreOn(centre);
      } catch (error) {
        const offline = unreachable(error) ? await loadOfflineKits() : null;
        if (offline) {
          const place = offlinePlace(offline, location);
          if (!place) return fail(T.searchErrorTitle, T.offlinePlaceUnknown);
          showFound({ source: 'search', kits: offlineNearby(offline, place), label: location, origin: place, offlineAsOf: offline.asOf });
          centreOn(place);
          return;
        }
        // The place could not be geocoded: back to the whole-country view rather than a stale area.
        if (isApiError(error) && error.status === 404) moveCamera({ kind: 'reset' });
        fail(T.searchErrorTitle, searchFailure(error));
      } finally {
        setBusy(null);
      }
    },
    [search, showFound, centreOn, moveCamera, fail],
  );

  const searchWhat3words = useCallback(
    async (input: string) => {
      const words = input.trim().replace(/^\/+/, '');
      if (words === '') return fail(T.searchErrorTitle, T.emptyWhat3words);
      setBusy('what3words');
      try {
        const answer = await what3words(words).unwrap();
        if (isWhat3wordsUnavailable(answer.status)) return fail(T.searchErrorTitle, T.what3wordsUnavailable);
        if (answer.status !== 'success' || !answer.coordinates) return fail(T.searchErrorTitle, T.what3wordsInvalid);
        const origin = answer.coordinates;
        const kits = withDistances(await nearby({ lat: origin.lat, lng: origin.lng, radius: FINDER.nearbyRadiusKm }).unwrap(), origin);
        showFound({ source: 'search', kits, label: `///${words}`, origin });
        centreOn(origin);
        showNearest(kits, false);
      } catch {
        fail(T.searchErrorTitle, T.what3wordsFailed);
      } finally {
        setBusy(null);
      }
    },
    [what3words, nearby, showFound, centreOn, showNearest, fail],
  );

  const locate = useCallback(async (): Promise<LatLng | null> => {
    try {
      const position = await currentPosition();
      setUserPosition(position);
      return position;
    } catch (error) {
      const unsupported = error instanceof GeolocationError && error.reason === 'unsupported';
      fail(T.locationErrorTitle, unsupported ? T.geolocationUnsupported : T.locationUnavailable);
      return null;
    }
  }, [setUserPosition, fail]);

  /** The spec's fallback: the position as a place (Maps geocoder), then the text search. Without a geocoder there is no place to search. */
  const nearMeFallback = useCallback(
    async (position: LatLng) => {
      const place = hasMapsGeocoder() ? await reverseGeocode(position) : null;
      if (!place) return fail(T.searchErrorTitle, T.searchFailed);
      try {
        const kits = withDistances(
          (await search(place).unwrap()).kits.map((k) => ({ ...k, distance: null })),
          position,
        );
        showFound({ source: 'nearby', kits, label: 'your location', origin: position });
        centreOn(position);
        if (kits.length === 0) return fail(T.noKitsTitle, T.noKitsNearFallback);
        showNearest(kits, true);
      } catch {
        fail(T.searchErrorTitle, T.searchFailed);
      }
    },
    [search, showFound, centreOn, showNearest, fail],
  );

  const findNearMe = useCallback(async () => {
    setBusy('nearMe');
    try {
      const position = await locate();
      if (!position) return;
      let kits: FinderKit[];
      try {
        kits = withDistances(await nearby({ lat: position.lat, lng: position.lng, radius: FINDER.nearbyRadiusKm }).unwrap(), position);
      } catch (error) {
        const offline = unreachable(error) ? await loadOfflineKits() : null;
        if (!offline) return await nearMeFallback(position);
        kits = offlineNearby(offline, position);
        showFound({ source: 'nearby', kits, label: 'your location', origin: position, offlineAsOf: offline.asOf });
        centreOn(position);
        if (kits.length === 0) return fail(T.noKitsTitle, T.noKitsNearby);
        showNearest(kits, false);
        return;
      }
      showFound({ source: 'nearby', kits, label: 'your location', origin: position });
      centreOn(position);
      if (kits.length === 0) return fail(T.noKitsTitle, T.noKitsNearby);
      showNearest(kits, false);
    } finally {
      setBusy(null);
    }
  }, [locate, nearby, nearMeFallback, showFound, centreOn, showNearest, fail]);

  const locateMe = useCallback(async () => {
    setBusy('locate');
    try {
      const position = await locate();
      if (position) centreOn(position);
    } finally {
      setBusy(null);
    }
  }, [locate, centreOn]);

  return { busy, searchText, searchWhat3words, findNearMe, locateMe };
}
