import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeServer = { url: string; calls: string[]; close(): Promise<void> };

async function serve(handler: (url: URL, res: ServerResponse, req: IncomingMessage) => void): Promise<FakeServer> {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    calls.push(`${url.pathname}${url.search}`);
    handler(url, res, req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export type FakePoint = { latitude: number; longitude: number };

/**
 * postcodes.io on 127.0.0.1: GET /postcodes/{postcode}, /outcodes/{outcode}, /places?q= with its JSON shapes
 * ({status: 200, result} and 404 {status: 404, error}). A postcode listed in `failing` answers 500.
 */
export function fakePostcodesIo(data: {
  postcodes: Record<string, FakePoint>;
  outcodes: Record<string, FakePoint>;
  places?: Record<string, FakePoint>;
  failing?: string[];
}) {
  return serve((url, res) => {
    const [, kind, raw] = url.pathname.split('/');
    const key = decodeURIComponent(raw ?? '').toUpperCase();
    if (data.failing?.includes(key)) return json(res, 500, { status: 500, error: 'Internal server error' });
    if (kind === 'postcodes' && data.postcodes[key]) {
      const p = data.postcodes[key];
      return json(res, 200, {
        status: 200,
        result: { postcode: key, ...p, outcode: key.split(' ')[0], country: 'England', admin_district: 'Westminster' },
      });
    }
    if (kind === 'outcodes' && data.outcodes[key])
      return json(res, 200, { status: 200, result: { outcode: key, ...data.outcodes[key], admin_district: ['Manchester'] } });
    if (kind === 'places') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hit = Object.entries(data.places ?? {}).find(([name]) => name.toLowerCase() === q);
      return json(res, 200, { status: 200, result: hit ? [{ name_1: hit[0], ...hit[1] }] : [] });
    }
    if (kind === 'postcodes') return json(res, 404, { status: 404, error: 'Postcode not found' });
    if (kind === 'outcodes') return json(res, 404, { status: 404, error: 'Outcode not found' });
    return json(res, 404, { status: 404, error: 'Resource not found' });
  });
}

export const W3W_FAKE_KEY = 'fake-w3w-key';

/** what3words v3 on 127.0.0.1: convert-to-coordinates?words=&key= and convert-to-3wa?coordinates=lat,lng&key=. */
export function fakeWhat3words(words: Record<string, { lat: number; lng: number }>) {
  return serve((url, res) => {
    if (url.searchParams.get('key') !== W3W_FAKE_KEY)
      return json(res, 401, { error: { code: 'InvalidKey', message: 'Authentication failed; invalid API key' } });
    if (url.pathname === '/v3/convert-to-coordinates') {
      const w = url.searchParams.get('words') ?? '';
      const c = words[w];
      if (!c)
        return json(res, 400, {
          error: { code: 'BadWords', message: 'words must be a valid 3 word address, such as filled.count.soap or ///filled.count.soap' },
        });
      return json(res, 200, {
        country: 'GB',
        square: {},
        nearestPlace: 'Altrincham',
        coordinates: { lng: c.lng, lat: c.lat },
        words: w,
        language: 'en',
        map: `https://w3w.co/${w}`,
      });
    }
    if (url.pathname === '/v3/convert-to-3wa') {
      const [lat, lng] = (url.searchParams.get('coordinates') ?? '').split(',').map(Number);
      const found = Object.entries(words).find(([, c]) => Math.abs(c.lat - lat) < 1e-4 && Math.abs(c.lng - lng) < 1e-4);
      if (!found)
        return json(res, 400, { error: { code: 'BadCoordinates', message: 'coordinates must be two comma separated lat,lng coordinates' } });
      return json(res, 200, {
        country: 'GB',
        square: {},
        nearestPlace: 'Altrincham',
        coordinates: { lng, lat },
        words: found[0],
        language: 'en',
        map: '',
      });
    }
    return json(res, 404, { error: { code: 'NotFound', message: 'not found' } });
  });
}
