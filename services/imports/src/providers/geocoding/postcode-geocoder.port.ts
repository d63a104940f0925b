export type Located = { latitude: number; longitude: number };

/**
 * Port: where full UK postcodes are. Answers only what it found (a postcode missing from the map was not found);
 * adapters use short timeouts and may throw, which the caller treats as "not found by this one".
 */
export abstract class PostcodeGeocoder {
  abstract readonly name: string;
  abstract locate(postcodes: readonly string[]): Promise<Map<string, Located>>;
}
