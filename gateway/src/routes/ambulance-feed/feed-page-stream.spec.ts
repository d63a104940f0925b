import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readAheadInOrder, streamJsonPage } from './feed-page-stream';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ranges as the kits context's parts arrive: the bytes of comma-separated records. */
async function* asBytes(ranges: AsyncGenerator<string[]>): AsyncGenerator<Uint8Array[]> {
  for await (const range of ranges) yield range.map((records) => Buffer.from(records, 'utf8'));
}

/** An express server whose one route streams the ranges given by the test (a real socket, a real client). */
async function serve(ranges: () => AsyncGenerator<string[]>): Promise<{ url: string; server: Server }> {
  const app = express();
  app.get('/page', (_req, res, next) => {
    streamJsonPage(res, asBytes(ranges()), '],"nextCursor":"9","hasMore":false}').catch((e: Error) => {
      // What the gateway's error filter does with a failure before the status: a plain error answer.
      if (!res.headersSent) res.status(503).json({ message: e.message });
      else next(e);
    });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`, server };
}

describe(readAheadInOrder.name, () => {
  it('reads a few at a time and hands them on in order, whichever finishes first', async () => {
    let running = 0;
    let most = 0;
    const read = async (n: number) => {
      most = Math.max(most, ++running);
      await tick((7 - n) * 5);
      running--;
      return n * 10;
    };
    const out: number[] = [];
    for await (const v of readAheadInOrder([1, 2, 3, 4, 5, 6], read, 3)) out.push(v);
    expect(out).toEqual([10, 20, 30, 40, 50, 60]);
    expect(most).toBe(3);
  });

  it('gives a failed read to whoever waits for it', async () => {
    const read = async (n: number) => {
      if (n === 2) throw new Error('kits went away');
      return n;
    };
    const out: number[] = [];
    await expect(
      (async () => {
        for await (const v of readAheadInOrder([1, 2, 3], read, 3)) out.push(v);
      })(),
    ).rejects.toThrow('kits went away');
    expect(out).toEqual([1]);
  });
});

describe(streamJsonPage.name, () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('writes the records of every range, in order, as one JSON page', async () => {
    async function* ranges() {
      yield ['{"id":1},{"id":2}', ''];
      await tick(5);
      yield ['{"id":3}'];
      yield [''];
      yield ['{"id":4,"name":"Caffi’r Orsaf 🩹"}', '{"id":5}'];
    }
    const s = await serve(ranges);
    server = s.server;
    const res = await fetch(s.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      records: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4, name: 'Caffi’r Orsaf 🩹' }, { id: 5 }],
      nextCursor: '9',
      hasMore: false,
    });
  });

  it('an empty page is still a page', async () => {
    async function* ranges() {}
    const s = await serve(ranges);
    server = s.server;
    expect(await (await fetch(s.url)).json()).toEqual({ records: [], nextCursor: '9', hasMore: false });
  });

  it('a failure before the first range is a plain error answer', async () => {
    async function* ranges(): AsyncGenerator<string[]> {
      await tick(1);
      throw new Error('the key was revoked');
    }
    const s = await serve(ranges);
    server = s.server;
    const res = await fetch(s.url);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'the key was revoked' });
  });

  it('a failure after the first range cuts the answer short: the client cannot take it for a whole page', async () => {
    async function* ranges(): AsyncGenerator<string[]> {
      yield ['{"id":1}'];
      await tick(5);
      throw new Error('kits stopped mid-page');
    }
    const s = await serve(ranges);
    server = s.server;
    const res = await fetch(s.url);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
