import type { WireRequest, WireResponse, WireSubject } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';

/**
 * Every page of a read that grows with the register (ARCHITECTURE: nothing unbounded crosses NATS): asks for the
 * first page (cursor null), then for the page after `next(page)` until that is null. A page that names the cursor it
 * was asked with as its next would be asked for forever: the read fails instead, so a caller never passes a list
 * cut short off as complete. The caller may stop early (`return()` on the iterator: no further page is asked for).
 */
export async function* pagesOf<P, C>(ask: (cursor: C | null) => Promise<P>, next: (page: P) => C | null, what: string): AsyncGenerator<P> {
  let cursor: C | null = null;
  for (;;) {
    const page = await ask(cursor);
    yield page;
    const after = next(page);
    if (after === null || after === undefined) return;
    if (cursor !== null && JSON.stringify(after) === JSON.stringify(cursor))
      throw new Error(`${what} answered a page that does not move past ${JSON.stringify(cursor)}`);
    cursor = after;
  }
}

/**
 * `pagesOf` over a subject of the typed wire: the request and the page are the subject's own types
 * (contracts/src/wire), so a cursor in the wrong field or a page read by the wrong name does not compile.
 */
export function wirePages<S extends WireSubject, C>(
  bus: NatsBus,
  subject: S,
  paging: {
    /** The request for the page after `cursor` (null: the first page). */
    request: (cursor: C | null) => WireRequest<S>;
    /** Where the page after this one starts; null when this one is the last. */
    next: (page: WireResponse<S>) => C | null;
    timeoutMs?: number;
  },
): AsyncGenerator<WireResponse<S>> {
  // NatsBus.request infers request and answer from a concrete subject; for the generic S here they are exactly these.
  const ask = (data: WireRequest<S>) => bus.request(subject as WireSubject, data as never, paging.timeoutMs) as Promise<WireResponse<S>>;
  return pagesOf<WireResponse<S>, C>((cursor) => ask(paging.request(cursor)), paging.next, subject);
}
