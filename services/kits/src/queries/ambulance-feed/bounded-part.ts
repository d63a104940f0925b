import { LIST_PART_MAX_BYTES } from '@bleedkits/contracts';

/**
 * Serialises items one by one until the byte budget is spent (at least one item, whatever its size), so an answer
 * stays below NATS's payload limit however large the register. The JSON array is written as UTF-8 straight into
 * one buffer: a part is hundreds of kilobytes, and joining strings only to encode them again cost more than the
 * records themselves. Returns the array's bytes and how many items it holds.
 */
export function boundedJsonArray<T>(
  items: readonly T[],
  toJson: (item: T) => string,
  maxBytes = LIST_PART_MAX_BYTES,
): { json: Buffer; count: number } {
  let out: Buffer = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(4096, items.length * 512)));
  let length = 1;
  let count = 0;
  out[0] = 0x5b; // [
  for (const item of items) {
    const json = toJson(item);
    // UTF-8 needs at most 3 bytes per UTF-16 unit; the exact length is counted only near the budget.
    const most = json.length * 3 + 2;
    const bytes = length + most <= maxBytes ? most : Buffer.byteLength(json) + 2;
    if (count > 0 && length + bytes > maxBytes) break;
    if (length + bytes > out.length) out = grown(out, length, Math.max(length + bytes, Math.min(maxBytes, out.length * 2)));
    if (count > 0) out[length++] = 0x2c; // ,
    length += out.write(json, length, 'utf8');
    count++;
  }
  out[length++] = 0x5d; // ]
  return { json: out.subarray(0, length), count };
}

function grown(buffer: Buffer, used: number, size: number): Buffer {
  const bigger = Buffer.allocUnsafe(size);
  buffer.copy(bigger, 0, 0, used);
  return bigger;
}
