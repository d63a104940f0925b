import type { KitEntry } from '../projection/kit-entry';
import { Gazetteer, placeKeysOf } from './gazetteer';

const entry = (id: number, lat: number, lng: number, postcode: string, city: string): KitEntry => ({ id, json: '{}', place: placeKeysOf(postcode, city), geometry: { type: 'Point', coordinates: [lng, lat] } });

describe(Gazetteer.name, () => {
  const g = Gazetteer.build([entry(1, 53.38, -2.34, 'WA15 8FH', 'Altrincham'), entry(2, 53.40, -2.36, 'WA15 8FH', 'Altrincham'), entry(3, 53.42, -2.32, 'WA15 9QT', 'Hale')]);

  it('finds registered postcodes (any spacing or case), outward codes and towns at their kits’ centroid', () => {
    expect(g.exact('wa158fh')).toEqual({ lat: expect.closeTo(53.39, 6), lng: expect.closeTo(-2.35, 6), label: 'WA15 8FH' });
    expect(g.exact('WA15')).toMatchObject({ lat: expect.closeTo(53.4, 6), label: 'WA15' });
    expect(g.exact(' altrincham, UK ')).toMatchObject({ label: 'Altrincham', lat: expect.closeTo(53.39, 6) });
    expect(g.exact('WA15 1AA')).toBeNull();
    expect(g.exact('Atlantis')).toBeNull();
  });

  it('approximates an unregistered full postcode by its outward code only', () => {
    expect(g.approximate('WA15 1AA')).toMatchObject({ label: 'WA15' });
    expect(g.approximate('M1 1AE')).toBeNull();
    expect(g.approximate('Hale Barns')).toBeNull();
  });

  it('works out a kit’s place names once: normalised, shared, null when not valid', () => {
    expect(placeKeysOf(' wa158fh ', ' Altrincham ')).toEqual({ postcode: 'WA15 8FH', outward: 'WA15', town: { key: 'altrincham', label: 'Altrincham' } });
    expect(placeKeysOf('WA15', 'UK')).toEqual({ postcode: null, outward: 'WA15', town: null });
    expect(placeKeysOf('??', '')).toEqual({ postcode: null, outward: null, town: null });
    expect(placeKeysOf('M1 1AE', 'Manchester').town).toBe(placeKeysOf('M2 3AB', 'Manchester').town);
  });
});
