import { type PostcodesIoPeer, startPostcodesIoPeer } from '../../testing/postcodes-io-peer';
import { PostcodeProviderUnavailable } from './postcode-lookup.port';
import { PostcodesIoClient, postcodesIoFrom } from './postcodes-io.client';

/** The refusal a call ended with; fails the spec if it succeeded. */
async function refusal(call: Promise<unknown>): Promise<PostcodeProviderUnavailable> {
  try {
    await call;
  } catch (e) {
    if (e instanceof PostcodeProviderUnavailable) return e;
    throw e;
  }
  throw new Error('expected the lookup to fail');
}

describe(PostcodesIoClient.name, () => {
  let peer: PostcodesIoPeer;
  let client: PostcodesIoClient;

  beforeAll(async () => {
    peer = await startPostcodesIoPeer({
      postcodes: {
        'SW1A 1AA': { latitude: 51.501009, longitude: -0.141588 },
        'WA14 1PF': { latitude: 53.386, longitude: -2.3489, district: 'Trafford' },
        'SK9 1AA': { latitude: 53.3283, longitude: -2.2297, district: 'Cheshire East' },
      },
      outcodes: { NE1: { latitude: 54.9733, longitude: -1.6139 } },
      places: { Didsbury: { latitude: 53.4167, longitude: -2.2311 } },
      failing: ['M33 7XX'],
      stalled: ['M1 1AE'],
    });
    client = new PostcodesIoClient({ baseUrl: `${peer.url}/`, timeoutMs: 300 });
  });
  afterAll(() => peer.close());
  beforeEach(() => {
    peer.calls.length = 0;
    peer.bulk.length = 0;
  });

  it('finds a full postcode, an outward code and a place, normalising what it asks', async () => {
    expect(await client.postcode('sw1a1aa')).toEqual({ latitude: 51.501009, longitude: -0.141588 });
    expect(await client.outcode('ne1')).toEqual({ latitude: 54.9733, longitude: -1.6139 });
    expect(await client.place('didsbury')).toEqual({ latitude: 53.4167, longitude: -2.2311, name: 'Didsbury' });
    expect(peer.calls).toEqual(['/postcodes/SW1A%201AA', '/outcodes/NE1', '/places?q=didsbury&limit=1']);
  });

  it('answers null for what postcodes.io does not know (its 404, an empty list)', async () => {
    expect(await client.postcode('ZZ99 9ZZ')).toBeNull();
    expect(await client.outcode('ZZ9')).toBeNull();
    expect(await client.place('Nowhere At All')).toBeNull();
  });

  it('looks many postcodes up at once, at most 100 per request, keyed by the normalised postcode', async () => {
    const unknown = Array.from({ length: 228 }, (_, i) => `ZZ${i} 9ZZ`);
    const found = await client.postcodes(['SW1A 1AA', ...unknown, 'sk9 1aa']);
    expect([...found.entries()]).toEqual([
      ['SW1A 1AA', { latitude: 51.501009, longitude: -0.141588 }],
      ['SK9 1AA', { latitude: 53.3283, longitude: -2.2297 }],
    ]);
    expect(peer.bulk.map((b) => b.length)).toEqual([100, 100, 30]);
    expect(await client.postcodes([])).toEqual(new Map());
    expect(peer.bulk).toHaveLength(3);
  });

  it('names the postcode nearest a position, with its district; none when nothing is near', async () => {
    expect(await client.nearest(53.38605, -2.34895)).toEqual({
      postcode: 'WA14 1PF',
      latitude: 53.386,
      longitude: -2.3489,
      adminDistrict: 'Trafford',
      parish: null,
      region: 'London',
    });
    expect(peer.calls).toEqual(['/postcodes?lon=-2.34895&lat=53.38605&limit=1']);
    expect(await client.nearest(57.5, -4.2)).toBeNull();
  });

  it('reports postcodes.io failing, hanging or unreachable as unavailable, never as not found', async () => {
    const failed = await refusal(client.postcode('M33 7XX'));
    expect({ message: failed.message, status: failed.status }).toEqual({
      message: 'postcodes.io answered 500 to GET /postcodes/M33%207XX',
      status: 500,
    });
    expect((await refusal(client.postcodes(['SK9 1AA', 'M33 7XX']))).message).toBe('postcodes.io answered 500 to POST /postcodes');

    const startedAt = Date.now();
    expect((await refusal(client.postcode('M1 1AE'))).message).toBe('postcodes.io did not answer GET /postcodes/M1%201AE within 300 ms');
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect((await refusal(client.postcodes(['M1 1AE']))).message).toBe('postcodes.io did not answer POST /postcodes within 300 ms');

    const gone = await startPostcodesIoPeer({});
    await gone.close();
    const unreachable = new PostcodesIoClient({ baseUrl: gone.url, timeoutMs: 300 });
    expect((await refusal(unreachable.nearest(53.4, -2.3))).message).toMatch(
      /^postcodes\.io could not be reached for GET \/postcodes\?lon=-2\.3&lat=53\.4&limit=1: ECONNREFUSED$/,
    );
  });

  it('refuses a bulk answer that is not postcodes.io’s (a 404: the base URL points elsewhere)', async () => {
    const elsewhere = new PostcodesIoClient({ baseUrl: `${peer.url}/not-postcodes-io`, timeoutMs: 300 });
    const refused = await refusal(elsewhere.postcodes(['SK9 1AA']));
    expect({ message: refused.message, status: refused.status }).toEqual({
      message: 'postcodes.io answered POST /postcodes without a result list',
      status: 404,
    });
  });

  it("is built from a context's POSTCODES_IO_BASE_URL, and not at all when it is 'off' or empty", () => {
    expect(postcodesIoFrom({ POSTCODES_IO_BASE_URL: 'off', GEOCODING_TIMEOUT_MS: 1500 })).toBeNull();
    expect(postcodesIoFrom({ POSTCODES_IO_BASE_URL: ' ', GEOCODING_TIMEOUT_MS: 1500 })).toBeNull();
    expect(postcodesIoFrom({ POSTCODES_IO_BASE_URL: 'https://api.postcodes.io', GEOCODING_TIMEOUT_MS: 1500 })).toBeInstanceOf(PostcodesIoClient);
  });
});
