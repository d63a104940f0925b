import type { Response } from 'express';
import { FEED_CONTENT_TYPES } from '@bleedkits/contracts';
import { drained } from '../../paging/list-parts';

/**
 * Writes a JSON page as its ranges arrive: the records' bytes as the kits context wrote them, spliced, never decoded
 * or parsed, and never held whole (a page grows with its limit). The status is sent once the first range is
 * read, so a key refused or a kits outage is still a plain error answer; a failure after that can only cut the
 * answer short (the client sees a broken response and asks again from the same cursor: nothing is skipped).
 */
export async function streamJsonPage(res: Response, ranges: AsyncGenerator<Uint8Array[]>, tail: string): Promise<void> {
  const first = await ranges.next();
  res.status(200).type(FEED_CONTENT_TYPES.json);
  let written = 0;
  const write = async (data: string | Uint8Array) => {
    if (!res.write(data)) await drained(res);
  };
  try {
    await write('{"records":[');
    for (let range = first; !range.done; range = await ranges.next()) {
      for (const chunk of range.value) {
        if (chunk.byteLength === 0) continue;
        if (written++ > 0) await write(',');
        await write(chunk);
        if (res.destroyed) return;
      }
    }
    res.end(tail);
  } catch (e) {
    res.destroy(e as Error);
  }
}

/**
 * `read` over the items, `inFlight` at a time, handed on in the items' order as each is complete. A failure is given
 * to whoever waits for that item; reads already started after it are left to finish unobserved.
 */
export function readAheadInOrder<T, R>(items: readonly T[], read: (item: T) => Promise<R>, inFlight: number): AsyncGenerator<R> {
  const results = items.map(() => deferred<R>());
  for (const r of results) r.promise.catch(() => undefined);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await read(items[i]).then(results[i].resolve, results[i].reject);
    }
  };
  for (let w = 0; w < Math.min(inFlight, items.length); w++) void worker();
  return (async function* inOrder() {
    for (const r of results) yield await r.promise;
  })();
}

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
