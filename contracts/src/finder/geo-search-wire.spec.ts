import { ErrorCode } from '../errors';
import {
  geoErrorFrame,
  geoReplyLine,
  indexTag,
  indexTagContent,
  isNewerIndexTag,
  mercatorX,
  mercatorY,
  nearbyRequestKey,
  readGeoReplyFrame,
  viewportCells,
  viewportCellsBox,
  viewportRequestKey,
} from './geo-search-wire';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('geo-search wire', () => {
  it('reads an answer line (gzip, tag, meta) and a coded error', () => {
    const line = geoReplyLine({
      gzip: true,
      tag: indexTag(42, '00ff00ff00ff00ff'),
      meta: { place: { lat: 1, lng: 2, label: 'Ynys Môn', source: 'gazetteer' } },
    });
    expect(line).toBe('ok gzip tag=42-00ff00ff00ff00ff {"place":{"lat":1,"lng":2,"label":"Ynys M\\u00f4n","source":"gazetteer"}}');
    const frame = readGeoReplyFrame(bytes(`${line}\n[1]`));
    expect(frame).toMatchObject({ ok: true, gzip: true, tag: '42-00ff00ff00ff00ff', meta: { place: { label: 'Ynys Môn' } } });
    expect(readGeoReplyFrame(bytes(`${geoReplyLine({ tag: '1-0000000000000000' })}\n[]`))).toMatchObject({
      ok: true,
      gzip: false,
      tag: '1-0000000000000000',
      meta: null,
    });
    expect(readGeoReplyFrame(bytes(`${geoReplyLine()}\n[]`))).toMatchObject({ ok: true, tag: null, meta: null });
    expect(
      readGeoReplyFrame(bytes(geoErrorFrame({ code: ErrorCode.ValidationFailed, message: 'north is required.', errors: ['north is required.'] }))),
    ).toEqual({
      ok: false,
      error: { code: 'validation_failed', message: 'north is required.', errors: ['north is required.'] },
    });
    expect(readGeoReplyFrame(bytes('error\n{"nope":1}'))).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) } });
    expect(() => readGeoReplyFrame(bytes('200\n[]'))).toThrow();
  });

  it('orders index tags by feed revision, and keys answers by their content part', () => {
    expect(isNewerIndexTag('10-aaaaaaaaaaaaaaaa', '9-bbbbbbbbbbbbbbbb')).toBe(true);
    expect(isNewerIndexTag('9-aaaaaaaaaaaaaaaa', '9-bbbbbbbbbbbbbbbb')).toBe(false);
    expect(isNewerIndexTag('9-aaaaaaaaaaaaaaaa', null)).toBe(true);
    expect(isNewerIndexTag(null, '9-aaaaaaaaaaaaaaaa')).toBe(false);
    expect(indexTagContent('123-00ff00ff00ff00ff')).toBe('00ff00ff00ff00ff');
  });

  it('rounds a viewport outwards to whole map cells of 1/8 tile: its box contains the requested one', () => {
    const q = { north: 53.5, south: 53.3, east: -2.2, west: -2.5, zoom: 12.7, limit: 1000 };
    const c = viewportCells(q);
    expect(c).toMatchObject({ zoom: 12, level: 15 });
    const box = viewportCellsBox(c);
    expect(box.north).toBeGreaterThanOrEqual(q.north);
    expect(box.south).toBeLessThanOrEqual(q.south);
    expect(box.west).toBeLessThanOrEqual(q.west);
    expect(box.east).toBeGreaterThanOrEqual(q.east);
    // One cell is 1/8 of a tile: 360 / 2^15 degrees of longitude.
    expect(box.west).toBeGreaterThan(q.west - 360 / 2 ** 15);
    expect(Math.floor(mercatorX(q.west) * 2 ** 15)).toBe(c.west);
    expect(Math.floor(mercatorY(q.north) * 2 ** 15)).toBe(c.north);
  });

  it('gives small pans one key, and other zooms or limits another; keeps a crossing box crossing; clamps at the poles', () => {
    const q = { north: 53.5, south: 53.3, east: -2.2, west: -2.5, zoom: 12, limit: 1000 };
    expect(viewportRequestKey({ ...q, north: 53.50001, west: -2.50001 })).toBe(viewportRequestKey(q));
    expect(viewportRequestKey({ ...q, zoom: 12.9 })).toBe(viewportRequestKey(q));
    expect(viewportRequestKey({ ...q, zoom: 13 })).not.toBe(viewportRequestKey(q));
    expect(viewportRequestKey({ ...q, limit: 10 })).not.toBe(viewportRequestKey(q));
    const crossing = viewportCells({ north: 10, south: -10, east: -170, west: 170, zoom: 4 });
    expect(crossing.west).toBeGreaterThan(crossing.east);
    // A crossing box that rounding closes covers every longitude.
    expect(viewportCells({ north: 10, south: -10, east: 179.99, west: 179.999, zoom: 0 })).toMatchObject({ west: 0, east: 7 });
    expect(viewportCells({ north: 90, south: -90, east: 180, west: -180, zoom: 1 })).toEqual({
      zoom: 1,
      level: 4,
      west: 0,
      east: 15,
      north: 0,
      south: 15,
    });
    expect(nearbyRequestKey({ lat: 53.4, lng: -2.35, radius: 25, limit: 100 })).toBe('n:53.4:-2.35:25:100');
  });
});
