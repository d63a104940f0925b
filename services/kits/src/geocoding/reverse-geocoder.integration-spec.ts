import type { DataSource } from 'typeorm';
import { type PostcodesIoPeer, startPostcodesIoPeer } from '@bleedkits/platform/testing';
import { type KitsEnv, readKitsEnv } from '../config/env';
import { FallbackReverseGeocoder } from './reverse-geocoder';

/** The register's gazetteer as the fallback reads it: one kit with a full address, wherever asked. */
const gazetteer = { query: async () => [{ postcode: 'WA14 1EN', city: 'Altrincham' }] } as unknown as DataSource;
// A timeout the peer (in this same busy Jest worker) always meets: once in CI, 300 ms let the first call fall back.
// Every fallback case here is an answer or a refused connection, not a wait.
const envWith = (baseUrl: string): KitsEnv => readKitsEnv({ NODE_ENV: 'test', POSTCODES_IO_BASE_URL: baseUrl, GEOCODING_TIMEOUT_MS: '5000' });

describe(FallbackReverseGeocoder.name, () => {
  let peer: PostcodesIoPeer;

  beforeAll(async () => {
    peer = await startPostcodesIoPeer({ postcodes: { 'WA14 1PF': { latitude: 53.386, longitude: -2.3489, district: 'Trafford' } } });
  });
  afterAll(() => peer.close());

  it('asks postcodes.io for the nearest postcode and its district first', async () => {
    const geocoder = new FallbackReverseGeocoder(envWith(peer.url), gazetteer);
    expect(await geocoder.lookup(53.38605, -2.34895)).toEqual({ postcode: 'WA14 1PF', city: 'Trafford' });
  });

  it("uses the register's gazetteer where postcodes.io names nothing, cannot be reached, or is 'off'", async () => {
    expect(await new FallbackReverseGeocoder(envWith(peer.url), gazetteer).lookup(57.5, -4.2)).toEqual({ postcode: 'WA14 1EN', city: 'Altrincham' });

    const gone = await startPostcodesIoPeer({});
    await gone.close();
    expect(await new FallbackReverseGeocoder(envWith(gone.url), gazetteer).lookup(53.386, -2.3489)).toEqual({
      postcode: 'WA14 1EN',
      city: 'Altrincham',
    });

    const asked = peer.calls.length;
    expect(await new FallbackReverseGeocoder(envWith('off'), gazetteer).lookup(53.386, -2.3489)).toEqual({
      postcode: 'WA14 1EN',
      city: 'Altrincham',
    });
    expect(peer.calls.length).toBe(asked);
  });
});
