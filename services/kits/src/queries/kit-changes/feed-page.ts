import { PreSerialisedJson } from '@bleedkits/platform';

/** NATS refuses messages over its max_payload (1 MiB by default): a page stops well before that. */
export const MAX_FEED_PAGE_BYTES = 700_000;

/** One change of a feed, already serialised (its bytes must be counted, so it is serialised once, here). */
export type SerialisedChange = { revision: number; json: string };

/**
 * One page of a revision feed, as the JSON of { changes, lastRevision, hasMore, ...head }: the changes in order
 * until the byte budget is spent (at least one, whatever its size). `rows` are the rows read after `after` (at most
 * `limit`, up to revision `upTo`); hasMore tells the consumer to ask again from lastRevision. The page is assembled
 * from the changes' JSON and sent as it is (PreSerialisedJson), not serialised a second time.
 */
export function feedPage<R>(
  rows: readonly R[],
  serialise: (row: R) => SerialisedChange,
  window: { after: number; limit: number; upTo: number },
  head?: { headRevision: number },
): PreSerialisedJson {
  const parts: string[] = [];
  let bytes = 0;
  let lastRevision = window.after;
  for (const row of rows) {
    const change = serialise(row);
    bytes += Buffer.byteLength(change.json) + 1;
    if (parts.length > 0 && bytes > MAX_FEED_PAGE_BYTES) break;
    parts.push(change.json);
    lastRevision = change.revision;
  }
  const hasMore = parts.length < rows.length || (rows.length === window.limit && lastRevision < window.upTo);
  const headJson = head ? `,"headRevision":${head.headRevision}` : '';
  return new PreSerialisedJson(`{"changes":[${parts.join(',')}],"lastRevision":${lastRevision},"hasMore":${hasMore}${headJson}}`);
}

/**
 * A consumer's afterRevision, limit and optional upToRevision, made safe: whole numbers, limit within 1..max (max
 * when absent), no upper bound when upToRevision is absent or not a number.
 */
export function feedWindow(
  req: { afterRevision?: unknown; limit?: unknown; upToRevision?: unknown } | null | undefined,
  max: number,
): { after: number; limit: number; upTo: number } {
  const upTo = Math.floor(Number(req?.upToRevision));
  return {
    after: Math.max(0, Math.floor(Number(req?.afterRevision) || 0)),
    limit: Math.min(max, Math.max(1, Math.floor(Number(req?.limit) || max))),
    upTo: Number.isFinite(upTo) ? upTo : Infinity,
  };
}
