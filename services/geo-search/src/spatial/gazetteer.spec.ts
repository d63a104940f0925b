import { placeKeysOf } from '../projection/place-keys';
import { Gazetteer, type GazetteerKit } from './gazetteer';

const kit = (lat: number, lng: number, postcode: string, city: string): GazetteerKit => ({
  latitude: lat,
  longitude: lng,
  place: placeKeysOf(postcode, city),
});

describe(Gazetteer.name, () => {
  const a = kit(53.38, -2.34, 'WA15 8FH', 'Altrincham');
  const b = kit(53.4, -2.36, 'WA15 8FH', 'Altrincham');
  const c = kit(53.42, -2.32, 'WA15 9QT', 'Hale');
  const g = Gazetteer.build([a, b, c]);

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

  it('follows kits coming and going: the same places, to the last bit, whatever the order', () => {
    const d = kit(53.41, -2.3, 'WA15 9QT', 'HALE');
    const e = kit(53.43, -2.31, 'WA15 9QT', 'Hale');
    const changed = Gazetteer.build([e, c, d]);
    changed.add(a);
    changed.remove(e);
    changed.add(e);
    const built = Gazetteer.build([a, c, d, e]);
    for (const q of ['WA15', 'WA15 9QT', 'Hale', 'Altrincham']) expect(changed.exact(q)).toEqual(built.exact(q));
    // The most common spelling of a town names it.
    expect(changed.exact('hale')!.label).toBe('Hale');
    changed.remove(c);
    changed.remove(e);
    expect(changed.exact('hale')!.label).toBe('HALE');
    changed.remove(d);
    expect(changed.exact('Hale')).toBeNull();
    expect(changed.exact('WA15 9QT')).toBeNull();
  });

  it('works out a kit’s place names once: normalised, shared, null when not valid', () => {
    expect(placeKeysOf(' wa158fh ', ' Altrincham ')).toEqual({
      postcode: 'WA15 8FH',
      outward: 'WA15',
      town: { key: 'altrincham', label: 'Altrincham' },
    });
    expect(placeKeysOf('WA15', 'UK')).toEqual({ postcode: null, outward: 'WA15', town: null });
    expect(placeKeysOf('??', '')).toEqual({ postcode: null, outward: null, town: null });
    expect(placeKeysOf('M1 1AE', 'Manchester').town).toBe(placeKeysOf('M2 3AB', 'Manchester').town);
  });
});
