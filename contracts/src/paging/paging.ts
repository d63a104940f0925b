/**
 * Nothing unbounded crosses NATS (ARCHITECTURE): a list that grows with the register is answered in parts, each
 * well below the 1 MB payload limit, and the gateway asks for the next part after `next` while `hasMore`.
 */
export type ListPart<T, C = number> = { items: T[]; next: C | null; hasMore: boolean };

/** A part stops growing at this many bytes of JSON (NATS refuses messages over 1 MiB). */
export const LIST_PART_MAX_BYTES = 700_000;
/** Items asked for per part (the byte budget may end a part sooner). */
export const LIST_PART_LIMIT = 1000;

/** A request for one part: the items after `after` (none: from the start), at most `limit`. */
export type ListPartRequest<C = number> = { after?: C | null; limit?: number };
