import type { Response } from 'express';
import type { ListPart } from '@bleedkits/contracts';
import type { WireRequest, WireResponse, WireSubject } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';
import { wirePages } from './wire-pages';

/** Items asked for per part; each part is a separate bounded NATS answer. */
export const GATEWAY_LIST_PART_LIMIT = 1000;
/**
 * Kits per part of the kit lists: a kit in the admin view is about 1.3 KB of JSON, so 500 fill most of a part's
 * byte budget (700 KB) and none is read, viewed and then left for the next part.
 */
export const KIT_LIST_PART_LIMIT = 500;

/** The subjects of the typed wire answered with a ListPart (contracts/src/paging), and what their parts hold. */
type ListSubject = { [S in WireSubject]: WireResponse<S> extends ListPart<unknown, unknown> ? S : never }[WireSubject];
type ItemOf<S extends ListSubject> = WireResponse<S> extends ListPart<infer T, unknown> ? T : never;
type CursorOf<S extends ListSubject> = WireResponse<S> extends ListPart<unknown, infer C> ? C : never;

/**
 * Reads a list that grows with the register part by part (ARCHITECTURE: nothing unbounded crosses NATS): asks
 * `subject` with `request` plus {after, limit} until a part says there is no more. Items and cursor are the
 * subject's own (contracts/src/wire).
 */
export async function* listParts<S extends ListSubject>(
  bus: NatsBus,
  subject: S,
  request: Omit<WireRequest<S>, 'after' | 'limit'>,
  limit = GATEWAY_LIST_PART_LIMIT,
): AsyncGenerator<ItemOf<S>[]> {
  // S is a ListSubject, so its answer is this ListPart (TypeScript does not narrow a generic subject's answer itself).
  const partOf = (answer: WireResponse<S>) => answer as ListPart<ItemOf<S>, CursorOf<S>>;
  const parts = wirePages(bus, subject, {
    // The request's own fields and the cursor: what Omit took away is given back, so this is the subject's request.
    request: (after: CursorOf<S> | null) => ({ ...request, after, limit }) as WireRequest<S>,
    next: (answer) => (partOf(answer).hasMore ? partOf(answer).next : null),
  });
  for await (const answer of parts) yield partOf(answer).items;
}

/**
 * Streams a JSON answer holding one array assembled from parts: `{"users":[...]}` or a bare `[...]`. The first part
 * is read before anything is sent, so a service that cannot answer still gets its proper error status; a failure
 * later ends the response abruptly (the client sees a failed request, never a short list that looks complete).
 */
export async function streamJsonArray<T>(
  res: Response,
  parts: AsyncIterable<T[]>,
  wrap: { before: string; after: string } = { before: '', after: '' },
): Promise<void> {
  const iterator = parts[Symbol.asyncIterator]();
  const first = await iterator.next();
  res.status(200).type('application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  let written = 0;
  const write = (items: T[]) => {
    if (!items.length) return true;
    const chunk = items.map((i) => JSON.stringify(i)).join(',');
    const ok = res.write((written ? ',' : '') + chunk);
    written += items.length;
    return ok;
  };
  res.write(`${wrap.before}[`);
  try {
    if (!first.done && !write(first.value)) await drained(res);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      // The client went away: stop asking for parts nobody will read.
      if (res.destroyed) return void (await iterator.return?.(undefined));
      if (!write(next.value)) await drained(res);
    }
  } catch (error) {
    res.destroy(error as Error);
    return;
  }
  res.end(`]${wrap.after}`);
}

/** Resolves once the response can take more, or is gone (a client that went away never drains). */
export function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Reads every part into one array (for answers the gateway must complete before it can answer at all). */
export async function collectParts<T>(parts: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const items of parts) for (const item of items) all.push(item);
  return all;
}
