import { LIST_PART_LIMIT, type ListPartRequest } from '@bleedkits/contracts';
import { PreSerialisedJson } from '@bleedkits/platform';
import { boundedJsonArray } from './ambulance-feed/bounded-part';

/** A part request made safe: `after` a positive whole id or none, `limit` within 1..LIST_PART_LIMIT. */
export function listWindow(req: ListPartRequest | null | undefined): { after: number | null; limit: number } {
  const after = Math.floor(Number(req?.after));
  const limit = Math.floor(Number(req?.limit));
  return {
    after: Number.isSafeInteger(after) && after > 0 ? after : null,
    limit: Number.isSafeInteger(limit) && limit >= 1 ? Math.min(limit, LIST_PART_LIMIT) : LIST_PART_LIMIT,
  };
}

/**
 * A ListPart of kits read newest first (ids descending), within the byte budget: `next` is the last id sent, and
 * there may be more when the budget ended the part or the read was full.
 */
export function kitListPart<T extends { id: number }>(items: readonly T[], limit: number, after: number | null): PreSerialisedJson {
  const part = boundedJsonArray(items, (k) => JSON.stringify(k));
  const next = part.count ? items[part.count - 1].id : after;
  const hasMore = part.count < items.length || items.length === limit;
  return new PreSerialisedJson('{"items":', part.json, `,"next":${next ?? 'null'},"hasMore":${hasMore}}`);
}
