/** A place found for the finder's search text. */
export type GeocodedPlace = { lat: number; lng: number; label: string; source: 'gazetteer' | 'postcodes.io' | 'google' };

/** Port: a provider that turns search text into a place. Adapters fail fast (short timeouts) and may throw. */
export abstract class GeocodingPort {
  abstract readonly name: GeocodedPlace['source'];
  abstract geocode(text: string): Promise<GeocodedPlace | null>;
}
