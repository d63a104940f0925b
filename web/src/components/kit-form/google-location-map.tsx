import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GoogleMap, type Libraries, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9 location picker constants. */
export const PICKER_DEFAULT_CENTRE = { lat: 54.00366, lng: -2.547855 } as const;
export const PICKER_ZOOM = 17;
export const PICKER_MAP_HEIGHT_PX = 250;
export const ADDRESS_DEBOUNCE_MS = 500;
export const MAP_UPDATE_DELAY_MS = 100;
/** The spec's limits before an address is geocoded. */
export const MIN_ADDRESS_LENGTH = 3;
export const MIN_POSTCODE_LENGTH = 2;
export const MIN_QUERY_LENGTH = 5;

// A constant array: the loader compares options by identity and refuses a second, different call.
const LIBRARIES: Libraries = ['geometry', 'places', 'marker'];

/** 'address, postcode, UK' when the debounced address and postcode are long enough, else null. */
export function geocodeQuery(address: string, postcode: string): string | null {
  const a = address.trim();
  const p = postcode.trim();
  if (a.length <= MIN_ADDRESS_LENGTH || p.length <= MIN_POSTCODE_LENGTH || `${a}${p}`.length < MIN_QUERY_LENGTH) return null;
  return `${a}, ${p}, UK`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function reload(): void {
  window.location.reload();
}

function MapFailure({ message }: { message: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={reload}>
          Try Again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export type GoogleLocationMapProps = {
  apiKey: string;
  position: { lat: number; lng: number } | null;
  address: string;
  postcode: string;
  manual: boolean;
  onManualChange: (manual: boolean) => void;
  onLocationChange: (lat: number, lng: number) => void;
  onLoadedChange: (loaded: boolean) => void;
};

/**
 * The map half of the location picker: a draggable pin that follows the address until it is dragged, then stays
 * where it was put ('Pin manually positioned') until 'Reset to Address' re-geocodes.
 */
export function GoogleLocationMap({
  apiKey,
  position,
  address,
  postcode,
  manual,
  onManualChange,
  onLocationChange,
  onLoadedChange,
}: GoogleLocationMapProps) {
  const { isLoaded, loadError } = useJsApiLoader({ googleMapsApiKey: apiKey, libraries: LIBRARIES });
  const [map, setMap] = useState<google.maps.Map | null>(null);
  const [initFailed, setInitFailed] = useState(false);
  const [resetCount, setResetCount] = useState(0);
  const geocoder = useRef<google.maps.Geocoder | null>(null);
  const latestChange = useRef(onLocationChange);
  latestChange.current = onLocationChange;

  const ready = isLoaded && !loadError && !initFailed;
  useEffect(() => {
    onLoadedChange(ready);
  }, [ready, onLoadedChange]);

  useEffect(() => {
    if (!isLoaded) return;
    try {
      geocoder.current = new google.maps.Geocoder();
    } catch {
      setInitFailed(true);
    }
  }, [isLoaded]);

  const debouncedAddress = useDebounced(address, ADDRESS_DEBOUNCE_MS);
  const debouncedPostcode = useDebounced(postcode, ADDRESS_DEBOUNCE_MS);

  // The automatic pin follows the address; a manual pin stays until reset.
  useEffect(() => {
    if (!ready || manual || !geocoder.current) return;
    const query = geocodeQuery(debouncedAddress, debouncedPostcode);
    if (!query) return;
    let cancelled = false;
    geocoder.current
      .geocode({ address: query })
      .then(({ results }) => {
        const found = results[0]?.geometry.location;
        if (!cancelled && found) latestChange.current(found.lat(), found.lng());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [ready, manual, debouncedAddress, debouncedPostcode, resetCount]);

  // Follow the pin, a moment after it moves, so the map is laid out first.
  useEffect(() => {
    if (!map || !position) return;
    const timer = setTimeout(() => map.panTo(position), MAP_UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [map, position]);

  const onDragEnd = useCallback(
    (e: google.maps.MapMouseEvent) => {
      const lat = e.latLng?.lat();
      const lng = e.latLng?.lng();
      if (lat === undefined || lng === undefined) return;
      onManualChange(true);
      onLocationChange(lat, lng);
      // Reverse geocode the new spot: only its postcode and city are of interest (logged for support).
      geocoder.current
        ?.geocode({ location: { lat, lng } })
        .then(({ results }) => {
          const parts = results[0]?.address_components ?? [];
          const pick = (type: string) => parts.find((c) => c.types.includes(type))?.long_name;
          console.info('Pin moved near', { postcode: pick('postal_code'), city: pick('postal_town') ?? pick('locality') });
        })
        .catch(() => undefined);
    },
    [onLocationChange, onManualChange],
  );

  if (loadError) return <MapFailure message="Failed to load Google Maps" />;
  if (initFailed) return <MapFailure message="Failed to initialize map" />;
  if (!isLoaded) return <Box sx={{ height: PICKER_MAP_HEIGHT_PX, bgcolor: 'grey.100', borderRadius: 1 }} aria-label="Loading map" role="status" />;

  return (
    <Box>
      <GoogleMap
        mapContainerStyle={{ width: '100%', height: PICKER_MAP_HEIGHT_PX, borderRadius: 4 }}
        center={position ?? PICKER_DEFAULT_CENTRE}
        zoom={PICKER_ZOOM}
        onLoad={(m) => setMap(m)}
        onUnmount={() => setMap(null)}
        options={{ streetViewControl: false, mapTypeControl: false }}
      >
        <MarkerF position={position ?? PICKER_DEFAULT_CENTRE} draggable onDragEnd={onDragEnd} />
      </GoogleMap>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            onManualChange(false);
            setResetCount((n) => n + 1);
          }}
        >
          Reset to Address
        </Button>
        {manual && (
          <Box component="span" sx={{ typography: 'body2', color: 'warning.main' }}>
            Pin manually positioned
          </Box>
        )}
      </Box>
    </Box>
  );
}
