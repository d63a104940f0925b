import { londonToday } from '@bleedkits/contracts';
import { readGeoSearchEnv } from '../../config/env';
import { kitEntryOf } from '../../projection/kit-entry';
import { KitProjection } from '../../projection/kit-projection';
import { placeKeysOf } from '../../projection/place-keys';
import { ViewportQueryHandler } from './viewport.query';

const env = readGeoSearchEnv({ NODE_ENV: 'test', GEO_VIEWPORT_CACHE_ENTRIES: '3' });
const box = (west: number) => ({ north: 53.6, south: 53.3, east: west + 0.2, west, zoom: 12 });

function projectionOf(n: number): KitProjection {
  const projection = new KitProjection();
  const entries = Array.from({ length: n }, (_, i) => {
    const [latitude, longitude] = [53.4 + (i % 10) / 100, -2.4 + i / 100];
    const json = JSON.stringify({ id: i + 1, latitude, longitude });
    return kitEntryOf({ id: i + 1, json, latitude, longitude, place: placeKeysOf('M32 0TH', 'Stretford'), flipsAt: 0 });
  });
  projection.restore({ revision: n, evaluatedDay: londonToday(new Date()), entries });
  projection.markReady();
  return projection;
}

describe(ViewportQueryHandler.name, () => {
  it('keeps an answer from the second time its viewport is asked, never the first (a cold viewport dies young)', () => {
    const handler = new ViewportQueryHandler(projectionOf(40), env);
    const first = handler.handle(box(-2.4));
    expect(handler.cachedAnswers).toBe(0);
    const second = handler.handle(box(-2.4));
    expect(second.body.equals(first.body)).toBe(true);
    expect(handler.cachedAnswers).toBe(1);
    expect(handler.handle(box(-2.4))).toBe(second);
  });

  it('remembers a bounded number of viewports asked once', () => {
    const handler = new ViewportQueryHandler(projectionOf(40), env);
    // Four keys per cache entry are remembered: the first of 13 viewports asked once has been forgotten.
    for (let i = 0; i <= 12; i++) handler.handle(box(-2.4 + i));
    handler.handle(box(-2.4));
    expect(handler.cachedAnswers).toBe(0);
    handler.handle(box(-2.4 + 12));
    expect(handler.cachedAnswers).toBe(1);
  });
});
