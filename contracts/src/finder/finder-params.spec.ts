import { FINDER, FinderMessages } from './finder';
import { parseCoordinates, parseNearbyQuery, parseSearchQuery, parseViewportQuery } from './finder-params';

describe('finder parameter validation', () => {
  const box = { north: '53.5', south: '53.3', east: '-2.2', west: '-2.5' };

  it('reads numbers from query strings or JSON, with the spec defaults', () => {
    expect(parseViewportQuery(box)).toEqual({
      ok: true,
      value: { north: 53.5, south: 53.3, east: -2.2, west: -2.5, zoom: FINDER.defaultZoom, limit: 1000 },
    });
    expect(parseViewportQuery({ ...box, zoom: 12.5, limit: '10' })).toMatchObject({ ok: true, value: { zoom: 12.5, limit: 10 } });
    expect(parseNearbyQuery({ lat: 53, lng: -2 })).toEqual({ ok: true, value: { lat: 53, lng: -2, radius: 25, limit: 100 } });
    expect(parseSearchQuery({ location: '  wa15   8fh ' })).toEqual({ ok: true, value: { location: 'wa15 8fh', radius: 25, limit: 100 } });
    // A box crossing the antimeridian is valid.
    expect(parseViewportQuery({ ...box, west: 170, east: -170 }).ok).toBe(true);
  });

  it.each([
    [{ ...box, north: 'abc' }, 'north must be a number.'],
    [{ ...box, north: '' }, 'north is required.'],
    [{ ...box, north: ['1', '2'] }, 'north must be a number.'],
    [{ ...box, north: 'Infinity' }, 'north must be a number.'],
    [{ ...box, north: '12abc' }, 'north must be a number.'],
    [{ ...box, south: '-90.5' }, 'south must be between -90 and 90.'],
    [{ ...box, east: '180.1' }, 'east must be between -180 and 180.'],
    [{ ...box, north: '53.3' }, 'north must be greater than south.'],
    [{ ...box, zoom: '23' }, 'zoom must be between 0 and 22.'],
    [{ ...box, zoom: '-1' }, 'zoom must be between 0 and 22.'],
    [{ ...box, limit: '0' }, 'limit must be a whole number between 1 and 1000.'],
    [{ ...box, limit: '1001' }, 'limit must be a whole number between 1 and 1000.'],
    [{ ...box, limit: '1.5' }, 'limit must be a whole number between 1 and 1000.'],
  ])('refuses viewport %j', (input, message) => {
    expect(parseViewportQuery(input)).toEqual({ ok: false, message });
  });

  it('refuses bad nearby, search and coordinates input with a message', () => {
    expect(parseNearbyQuery(null)).toEqual({ ok: false, message: 'lat is required.' });
    expect(parseNearbyQuery({ lat: 53, lng: 'x' })).toEqual({ ok: false, message: 'lng must be a number.' });
    expect(parseNearbyQuery({ lat: 53, lng: 1, radius: 0 })).toEqual({ ok: false, message: 'radius must be more than 0 and at most 1000 km.' });
    expect(parseNearbyQuery({ lat: 53, lng: 1, radius: 1001 })).toEqual({ ok: false, message: 'radius must be more than 0 and at most 1000 km.' });
    expect(parseNearbyQuery({ lat: 53, lng: 1, limit: -1 })).toEqual({ ok: false, message: 'limit must be a whole number between 1 and 1000.' });
    expect(parseSearchQuery({ location: ' \t ' })).toEqual({ ok: false, message: FinderMessages.emptySearch });
    expect(parseSearchQuery({ location: 42 })).toEqual({ ok: false, message: FinderMessages.emptySearch });
    expect(parseSearchQuery({ location: 'x'.repeat(201) })).toEqual({ ok: false, message: 'location must be at most 200 characters.' });
    expect(parseCoordinates({ lat: '91', lng: '0' })).toEqual({ ok: false, message: 'lat must be between -90 and 90.' });
  });
});
