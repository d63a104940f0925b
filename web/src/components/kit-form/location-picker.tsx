import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAPS_NOT_CONFIGURED_MESSAGE,
  parseCoordinate,
  THREE_WORD_EXAMPLE,
  THREE_WORD_INVALID,
  THREE_WORD_NOT_FOUND,
  THREE_WORD_PATTERN,
  THREE_WORD_UNAVAILABLE,
  isWhat3wordsUnavailable,
} from '@bleedkits/contracts';
import { mapsKeyFromConfig } from '../maps/maps-key';
import { useCallback, useEffect, useState } from 'react';
import { useLazyCoordinatesToWhat3wordsQuery, useLazyWhat3wordsToCoordinatesQuery, useMapsConfigQuery } from '../maps/api';
import { GoogleLocationMap } from './google-location-map';

const COORDINATE_DECIMALS = 6;

export type LocationPickerProps = {
  latitude: string;
  longitude: string;
  what3words: string;
  /** Address text and postcode of the parent form: the automatic pin follows them. */
  address: string;
  postcode: string;
  onLocationChange: (lat: number, lng: number) => void;
  onWhat3wordsChange: (words: string) => void;
  /** Shown when the form was submitted without a location. */
  error?: string;
  disabled?: boolean;
};

const fixed = (value: string) => {
  const n = parseCoordinate(value);
  return n === null ? '' : n.toFixed(COORDINATE_DECIMALS);
};

/**
 * 'Precise Kit Location', shared by registration and the edit dialog. The map appears only when a Maps key is
 * configured; the coordinate and three-word inputs always work, so the form never depends on the map.
 */
export function LocationPicker({
  latitude,
  longitude,
  what3words,
  address,
  postcode,
  onLocationChange,
  onWhat3wordsChange,
  error,
  disabled = false,
}: LocationPickerProps) {
  // No key, or a failed call: the map is never required.
  const { data: mapsConfig, isLoading: keyLoading } = useMapsConfigQuery();
  const mapsKey = mapsKeyFromConfig(mapsConfig);
  const [mapLoaded, setMapLoaded] = useState(false);
  const [manual, setManual] = useState(false);
  const [latText, setLatText] = useState(() => fixed(latitude));
  const [lngText, setLngText] = useState(() => fixed(longitude));
  const [wordsError, setWordsError] = useState<string | null>(null);
  const [wordsNote, setWordsNote] = useState<string | null>(null);
  const [toCoordinates, { isFetching: lookingUp }] = useLazyWhat3wordsToCoordinatesQuery();
  const [toWords] = useLazyCoordinatesToWhat3wordsQuery();

  // The inputs mirror the form's coordinates whenever they change elsewhere (pin, three words).
  useEffect(() => setLatText(fixed(latitude)), [latitude]);
  useEffect(() => setLngText(fixed(longitude)), [longitude]);

  const lat = parseCoordinate(latitude);
  const lng = parseCoordinate(longitude);
  const position = lat !== null && lng !== null ? { lat, lng } : null;
  const hasMap = !!mapsKey;

  /** A position chosen here (not from three words): look up its three-word address to go with it. */
  const lookUpWords = useCallback(
    async (la: number, ln: number) => {
      setWordsError(null);
      setWordsNote(null);
      try {
        const answer = await toWords({ lat: la, lng: ln }).unwrap();
        if (answer.status === 'success' && answer.words) onWhat3wordsChange(answer.words);
        else setWordsNote(isWhat3wordsUnavailable(answer.status) ? THREE_WORD_UNAVAILABLE : THREE_WORD_NOT_FOUND);
      } catch {
        setWordsNote(THREE_WORD_UNAVAILABLE);
      }
    },
    [onWhat3wordsChange, toWords],
  );

  const movePin = useCallback(
    (la: number, ln: number) => {
      onLocationChange(la, ln);
      void lookUpWords(la, ln);
    },
    [lookUpWords, onLocationChange],
  );

  const latValue = parseCoordinate(latText);
  const lngValue = parseCoordinate(lngText);
  const coordinatesDisabled = disabled || latValue === null || lngValue === null || (hasMap && !mapLoaded);

  const setFromCoordinates = () => {
    // Non-numeric text is ignored.
    if (latValue === null || lngValue === null) return;
    if (hasMap) setManual(true);
    movePin(latValue, lngValue);
  };

  const setFromWords = async () => {
    const words = what3words.trim().replace(/^\/+/, '');
    setWordsNote(null);
    if (!THREE_WORD_PATTERN.test(words)) {
      setWordsError(THREE_WORD_INVALID);
      return;
    }
    setWordsError(null);
    try {
      const answer = await toCoordinates(words).unwrap();
      if (answer.status === 'success' && answer.coordinates) {
        if (hasMap) setManual(true);
        onLocationChange(answer.coordinates.lat, answer.coordinates.lng);
      } else {
        setWordsError(isWhat3wordsUnavailable(answer.status) ? THREE_WORD_UNAVAILABLE : THREE_WORD_INVALID);
      }
    } catch {
      setWordsError(THREE_WORD_UNAVAILABLE);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-label="Precise Kit Location">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Precise Kit Location
      </Typography>

      {keyLoading ? null : hasMap ? (
        <GoogleLocationMap
          apiKey={mapsKey}
          position={position}
          address={address}
          postcode={postcode}
          manual={manual}
          onManualChange={setManual}
          onLocationChange={movePin}
          onLoadedChange={setMapLoaded}
        />
      ) : (
        <Alert severity="info" role="note">
          {MAPS_NOT_CONFIGURED_MESSAGE}
        </Alert>
      )}

      <Box role="group" aria-label="Three-word address">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="what3words Address"
            placeholder={THREE_WORD_EXAMPLE}
            value={what3words}
            disabled={disabled}
            onChange={(e) => {
              setWordsError(null);
              onWhat3wordsChange(e.target.value);
            }}
            error={wordsError !== null}
            helperText={wordsError ?? wordsNote ?? `Example: ${THREE_WORD_EXAMPLE}`}
            fullWidth
          />
          <Button
            variant="outlined"
            sx={{ mt: { sm: 1 }, flexShrink: 0 }}
            disabled={disabled || what3words.trim() === '' || lookingUp}
            onClick={() => void setFromWords()}
          >
            Set Location
          </Button>
        </Stack>
      </Box>

      <Box role="group" aria-label="Coordinates">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Latitude"
            value={latText}
            disabled={disabled}
            onChange={(e) => setLatText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          <TextField
            label="Longitude"
            value={lngText}
            disabled={disabled}
            onChange={(e) => setLngText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          <Button variant="outlined" sx={{ mt: { sm: 1 }, flexShrink: 0 }} disabled={coordinatesDisabled} onClick={setFromCoordinates}>
            Set Location
          </Button>
        </Stack>
      </Box>

      <Typography variant="body2" color={error && !position ? 'error' : 'text.secondary'}>
        {position
          ? `Selected location: ${position.lat.toFixed(COORDINATE_DECIMALS)}, ${position.lng.toFixed(COORDINATE_DECIMALS)}`
          : (error ?? 'No location selected yet.')}
      </Typography>
    </Stack>
  );
}
