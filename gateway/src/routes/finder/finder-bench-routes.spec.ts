import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GeoSearchWire } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';
import { BenchPeerSubjects } from './bench-peer-subjects';
import { finderFastPath } from './finder-fast-path';
import { readFinderEnv } from './finder-env';

type Asked = { subject: string; query: unknown; headers?: Readonly<Record<string, string>> };

/** The fast path on a real HTTP server, its bus replaced: every raw request is recorded and answered `reply`. */
async function finderServer(baseline: boolean, reply = 'ok\n[]') {
  const asked: Asked[] = [];
  const bus = {
    status: 'connected',
    subscribeEvent: () => ({ unsubscribe: () => undefined }),
    requestRaw: (subject: string, payload: Uint8Array, _timeoutMs: number, headers?: Readonly<Record<string, string>>) => {
      asked.push({ subject, query: JSON.parse(Buffer.from(payload).toString('utf8')), headers });
      return Promise.resolve(Buffer.from(reply));
    },
  } as unknown as NatsBus;
  const finder = finderFastPath(bus, readFinderEnv({ BENCH_SQL_BASELINE: String(baseline) }));
  const server: Server = createServer((req, res) => {
    if (finder(req, res)) return;
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { asked, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const VIEWPORT = 'north=53.6&south=53.3&east=-2.0&west=-2.4&zoom=12&limit=500';
const NEARBY = 'lat=53.48&lng=-2.24&radius=25&limit=100';

describe('the finder fast path: bench-only baselines', () => {
  it('does not answer the baselines without BENCH_SQL_BASELINE (production never relays a peer)', async () => {
    const s = await finderServer(false);
    try {
      for (const path of ['/api/bench/postgis-public', '/api/bench/postgis-nearby', '/api/bench/peer-public', '/api/bench/peer-nearby']) {
        const res = await fetch(`${s.base}${path}?${path.endsWith('public') ? VIEWPORT : NEARBY}`);
        expect(res.status).toBe(404);
      }
      expect(s.asked).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('relays the Node peer like PostGIS: the parsed query on its own subject, gzip asked for, never cached', async () => {
    const s = await finderServer(true, 'ok\n[{"id":7}]');
    try {
      const peer = await fetch(`${s.base}/api/bench/peer-public?${VIEWPORT}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(peer.status).toBe(200);
      expect(peer.headers.get('cache-control')).toBe('no-cache');
      expect(peer.headers.get('etag')).toBeNull();
      expect(await peer.json()).toEqual([{ id: 7 }]);
      await (await fetch(`${s.base}/api/bench/peer-nearby?${NEARBY}`)).arrayBuffer();
      await (await fetch(`${s.base}/api/bench/postgis-nearby?${NEARBY}`)).arrayBuffer();
      // fetch itself accepts gzip, so every relay asks the responder for it.
      const headers = { [GeoSearchWire.acceptEncodingHeader]: GeoSearchWire.gzip };
      const nearby = { lat: 53.48, lng: -2.24, radius: 25, limit: 100 };
      expect(s.asked).toEqual([
        { subject: BenchPeerSubjects.viewport, query: { north: 53.6, south: 53.3, east: -2, west: -2.4, zoom: 12, limit: 500 }, headers },
        { subject: BenchPeerSubjects.nearby, query: nearby, headers },
        { subject: GeoSearchSubjects.benchPostgisNearby, query: nearby, headers },
      ]);
    } finally {
      await s.close();
    }
  });

  it('answers a malformed baseline query 400 without asking the peer', async () => {
    const s = await finderServer(true);
    try {
      const res = await fetch(`${s.base}/api/bench/peer-nearby?lat=91&lng=0`);
      expect(res.status).toBe(400);
      expect(s.asked).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
