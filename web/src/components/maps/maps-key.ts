/** The usable key from GET /api/config, or null when the answer is empty or says the key is not configured. */
export function mapsKeyFromConfig(answer: unknown): string | null {
  if (typeof answer !== 'string') return null;
  const key = answer.trim();
  if (key === '' || key.toLowerCase().includes('not configured')) return null;
  return key;
}
