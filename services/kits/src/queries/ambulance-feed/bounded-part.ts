import { LIST_PART_MAX_BYTES } from '@bleedkits/contracts';

/**
 * Serialises items one by one until the byte budget is spent (at least one item, whatever its size), so an answer
 * stays below NATS's payload limit however large the register. Returns the JSON array and how many items it holds.
 */
export function boundedJsonArray<T>(
  items: readonly T[],
  toJson: (item: T) => string,
  maxBytes = LIST_PART_MAX_BYTES,
): { json: string; count: number } {
  const parts: string[] = [];
  let bytes = 2;
  for (const item of items) {
    const json = toJson(item);
    bytes += Buffer.byteLength(json) + 1;
    if (parts.length > 0 && bytes > maxBytes) break;
    parts.push(json);
  }
  return { json: `[${parts.join(',')}]`, count: parts.length };
}
