/** GET /api/config answers the browser Maps key, or a text containing 'not configured' (then no Maps script loads). */
export const MAPS_NOT_CONFIGURED_MESSAGE = 'Google Maps API key not configured';

/** The usable key, or null when the answer is empty or says the key is not configured. */
export function mapsKeyFromConfig(answer: unknown): string | null {
  if (typeof answer !== 'string') return null;
  const key = answer.trim();
  if (key === '' || key.toLowerCase().includes('not configured')) return null;
  return key;
}
