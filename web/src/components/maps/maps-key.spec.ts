import { MAPS_NOT_CONFIGURED_MESSAGE } from '@bleedkits/contracts';
import { mapsKeyFromConfig } from './maps-key';

describe(mapsKeyFromConfig.name, () => {
  it('returns the key', () => {
    expect(mapsKeyFromConfig(' AIzaKey123 \n')).toBe('AIzaKey123');
  });

  it('returns null when empty, not text, or not configured', () => {
    expect(mapsKeyFromConfig('')).toBeNull();
    expect(mapsKeyFromConfig(null)).toBeNull();
    expect(mapsKeyFromConfig({ key: 'x' })).toBeNull();
    expect(mapsKeyFromConfig(MAPS_NOT_CONFIGURED_MESSAGE)).toBeNull();
    expect(mapsKeyFromConfig('Maps NOT CONFIGURED')).toBeNull();
  });
});
