import { DEFAULT_PIN_COLOUR, normaliseLocationType, PIN_COLOURS, PIN_LEGEND } from './pins';

describe(normaliseLocationType.name, () => {
  it('keeps the five public types', () => {
    for (const t of ['unlocked_cabinet', 'locked_cabinet', 'building_limited', 'building_247', 'legacy_unknown'] as const) {
      expect(normaliseLocationType(t)).toBe(t);
    }
  });

  it('reads the types without underscores, with spaces, hyphens or capitals', () => {
    expect(normaliseLocationType('unlockedcabinet')).toBe('unlocked_cabinet');
    expect(normaliseLocationType('Locked Cabinet')).toBe('locked_cabinet');
    expect(normaliseLocationType('building-limited')).toBe('building_limited');
    expect(normaliseLocationType('building247')).toBe('building_247');
    expect(normaliseLocationType('LegacyUnknown')).toBe('legacy_unknown');
  });

  it("reads 'unknown' and 'legacy' as the legacy type", () => {
    expect(normaliseLocationType('unknown')).toBe('legacy_unknown');
    expect(normaliseLocationType('legacy')).toBe('legacy_unknown');
  });

  it('matches text containing lock, cabinet, build, 247 or 24/7', () => {
    expect(normaliseLocationType('padlocked box')).toBe('locked_cabinet');
    expect(normaliseLocationType('unlocked wall box')).toBe('unlocked_cabinet');
    expect(normaliseLocationType('wall cabinet')).toBe('unlocked_cabinet');
    expect(normaliseLocationType('public building')).toBe('building_limited');
    expect(normaliseLocationType('building open 24/7')).toBe('building_247');
    expect(normaliseLocationType('twentyfour 247')).toBe('building_247');
    expect(normaliseLocationType('open 24/7')).toBe('building_247');
  });

  it('gives null (the default grey pin) when the type is missing, and legacy for anything else', () => {
    expect(normaliseLocationType(undefined)).toBeNull();
    expect(normaliseLocationType(null)).toBeNull();
    expect(normaliseLocationType('')).toBeNull();
    expect(normaliseLocationType('vehicle')).toBe('legacy_unknown');
    expect(DEFAULT_PIN_COLOUR).toBe('#9E9E9E');
  });

  it('colours the pins and names the legend as the spec says', () => {
    expect(PIN_COLOURS).toEqual({
      unlocked_cabinet: '#4CAF50',
      locked_cabinet: '#FF9800',
      building_limited: '#F44336',
      building_247: '#1E88E5',
      legacy_unknown: '#9C27B0',
    });
    expect(PIN_LEGEND.map((l) => l.label)).toEqual([
      'Unlocked Cabinet (24/7)',
      'Locked Cabinet (24/7)',
      'Building (Limited Hours)',
      'Building (24/7 Access)',
      'Unknown / Legacy Sites',
    ]);
  });
});
