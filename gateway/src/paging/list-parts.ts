import type { Response } from 'express';
import type { ListPart } from '@bleedkits/contracts';
import type { NatsBus } from '@bleedkits/platform';

/** Items asked for per part; each part is a separate bounded NATS answer. */
export const GATEWAY_LIST_PART_LIMIT = 1000;
/**
 * Kits per part of the kit lists: a kit in the admin view is about 1.3 KB of JSON, so 500 fill most of a part's
 * byte budget (700 KB) and none is read, viewed and then left for the next part.
 */
export const KIT_LIST_PART_LIMIT = 500;

/**
 * Reads a list that grows with the register part by part (ARCHITECTURE: nothing unbounded crosses NATS): asks
 * `subject` with `request` plus {after, limit} until a part says there is no more.
 */
export async function* listParts<T, C>(
  bus: NatsBus,
  subject: string,
  request: Record<string, unknown>,
  limit = GATEWAY_LIST_PART_LIMIT,
): AsyncGenerator<T[]> {
  let after: C | null = null;
  for (;;) {
    const part: ListPart<T, C> = await bus.request<ListPart<T, C>>(subject, { ...request, after, limit });
    yield part.items;
    if (!part.hasMore || part.next === null || part.next === after) return;
    after = part.next;
  }
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
