import { mapsKeyFromConfig } from './maps-config';

describe(mapsKeyFromConfig.name, () => {
  it('returns the key', () => {
    expect(mapsKeyFromConfig(' AIzaKey123 \n')).toBe('AIzaKey123');
  });

  it('returns null when empty, not text, or not configured', () => {
    expect(mapsKeyFromConfig('')).toBeNull();
    expect(mapsKeyFromConfig(null)).toBeNull();
    expect(mapsKeyFromConfig({ key: 'x' })).toBeNull();
    expect(mapsKeyFromConfig('Google Maps API key not configured')).toBeNull();
    expect(mapsKeyFromConfig('Maps NOT CONFIGURED')).toBeNull();
  });
});
