import { type HttpPeer, answerJson, startHttpPeer } from './http-peer';

export type PeerPoint = { latitude: number; longitude: number; district?: string };

export type PostcodesIoPeer = HttpPeer & {
  /** The postcodes of each bulk lookup (POST /postcodes), in arrival order. */
  bulk: string[][];
};

const EARTH_RADIUS_M = 6_371_000;
const metresBetween = (a: PeerPoint, b: PeerPoint) => {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
};

/**
 * postcodes.io on 127.0.0.1, speaking the parts of its protocol the register uses, with its JSON shapes
 * ({status: 200, result} and 404 {status: 404, error}):
 *   GET  /postcodes/{postcode}, /outcodes/{outcode}, /places?q=&limit=
 *   POST /postcodes {postcodes}                     → {result: [{query, result | null}]}
 *   GET  /postcodes?lon=&lat=&limit=&radius=         → the known postcodes within radius (100 m by default), nearest first
 * A postcode, outward code or place name listed in `failing` answers 500 (a bulk lookup asking one of them too);
 * one listed in `stalled` is never answered (a provider that hangs).
 */
export function startPostcodesIoPeer(data: {
  postcodes?: Record<string, PeerPoint>;
  outcodes?: Record<string, PeerPoint>;
  places?: Record<string, PeerPoint>;
  failing?: string[];
  stalled?: string[];
}): Promise<PostcodesIoPeer> {
  const postcodes = data.postcodes ?? {};
  const bulk: string[][] = [];
  const is = (list: string[] | undefined, key: string) => list?.some((k) => k.toUpperCase() === key.toUpperCase()) ?? false;
  const postcodeResult = (key: string, p: PeerPoint) => ({
    postcode: key,
    latitude: p.latitude,
    longitude: p.longitude,
    outcode: key.split(' ')[0],
    country: 'England',
    admin_district: p.district ?? 'Westminster',
    parish: null,
    region: 'London',
  });

  return startHttpPeer(({ method, url, body }, res) => {
    const [, kind, raw] = url.pathname.split('/');
    const key = decodeURIComponent(raw ?? '').toUpperCase();
    const asked = kind === 'places' ? (url.searchParams.get('q') ?? '') : key;
    if (is(data.stalled, asked)) return;
    if (is(data.failing, asked)) return answerJson(res, 500, { status: 500, error: 'Internal server error' });

    if (kind === 'postcodes' && method === 'POST' && !raw) {
      const queries = (JSON.parse(body) as { postcodes?: string[] }).postcodes ?? [];
      bulk.push(queries);
      if (queries.some((q) => is(data.stalled, q))) return;
      if (queries.length > 100) return answerJson(res, 400, { status: 400, error: 'No more than 100 postcodes per request' });
      if (queries.some((q) => is(data.failing, q))) return answerJson(res, 500, { status: 500, error: 'Internal server error' });
      const result = queries.map((q) => {
        const hit = postcodes[q.toUpperCase()];
        return { query: q, result: hit ? postcodeResult(q.toUpperCase(), hit) : null };
      });
      return answerJson(res, 200, { status: 200, result });
    }
    if (kind === 'postcodes' && !raw && url.searchParams.has('lat')) {
      const here = { latitude: Number(url.searchParams.get('lat')), longitude: Number(url.searchParams.get('lon')) };
      if (!Number.isFinite(here.latitude) || !Number.isFinite(here.longitude))
        return answerJson(res, 400, { status: 400, error: 'Invalid longitude/latitude submitted' });
      const radius = Number(url.searchParams.get('radius') ?? 100);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const near = Object.entries(postcodes)
        .map(([pc, p]) => ({ ...postcodeResult(pc, p), distance: metresBetween(here, p) }))
        .filter((r) => r.distance <= radius)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, limit);
      return answerJson(res, 200, { status: 200, result: near.length ? near : null });
    }
    if (kind === 'postcodes' && postcodes[key]) return answerJson(res, 200, { status: 200, result: postcodeResult(key, postcodes[key]) });
    if (kind === 'outcodes' && data.outcodes?.[key]) {
      const o = data.outcodes[key];
      return answerJson(res, 200, {
        status: 200,
        result: { outcode: key, latitude: o.latitude, longitude: o.longitude, admin_district: [o.district ?? 'Manchester'] },
      });
    }
    if (kind === 'places') {
      const q = asked.toLowerCase();
      const hit = Object.entries(data.places ?? {}).find(([name]) => name.toLowerCase() === q);
      return answerJson(res, 200, { status: 200, result: hit ? [{ name_1: hit[0], latitude: hit[1].latitude, longitude: hit[1].longitude }] : [] });
    }
    if (kind === 'postcodes') return answerJson(res, 404, { status: 404, error: 'Postcode not found' });
    if (kind === 'outcodes') return answerJson(res, 404, { status: 404, error: 'Outcode not found' });
    return answerJson(res, 404, { status: 404, error: 'Resource not found' });
  }).then((peer) => ({ ...peer, bulk }));
}
