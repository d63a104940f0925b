import { answerJson as json, startHttpPeer } from '@bleedkits/platform/testing';

export const W3W_FAKE_KEY = 'fake-w3w-key';

/** what3words v3 on 127.0.0.1: convert-to-coordinates?words=&key= and convert-to-3wa?coordinates=lat,lng&key=. */
export function fakeWhat3words(words: Record<string, { lat: number; lng: number }>) {
  return startHttpPeer(({ url }, res) => {
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
