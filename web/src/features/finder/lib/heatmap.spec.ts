import {
  clampHeatmapIntensity,
  HEATMAP_INTENSITY,
  HEATMAP_SCHEMES,
  heatmapAvailabilityMultiplier,
  heatmapSchemeMultiplier,
  heatmapStyleForZoom,
  heatmapTypeWeight,
  heatmapWeight,
  kitAvailabilityText,
  stepHeatmapIntensity,
} from './heatmap';

describe(heatmapTypeWeight.name, () => {
  it.each([
    ['unlocked_cabinet', 1],
    ['locked_cabinet', 0.8],
    ['twentyfour_seven', 0.7],
    ['building_247', 0.7],
    ['limited_hours', 0.5],
    ['building_limited', 0.5],
    ['legacy_unknown', 0.3],
    ['legacy', 0.3],
    ['unknown', 0.3],
    ['vehicle', 0.5],
    [undefined, 0.5],
  ])('weighs %s as %d', (type, weight) => {
    expect(heatmapTypeWeight(type)).toBe(weight);
  });
});

describe(heatmapAvailabilityMultiplier.name, () => {
  it.each([
    ['24/7', 1.3],
    ['Open all hours', 1.3],
    ['Always available', 1.3],
    ['Weekdays only', 0.7],
    ['Business hours', 0.7],
    ['9am-5pm', 0.7],
    ['Term time', 0.9],
    ['Mon-Fri: 09:00-17:00', 1],
    ['', 1],
  ])('multiplies %p by %d', (text, m) => {
    expect(heatmapAvailabilityMultiplier(text)).toBeCloseTo(m);
  });

  it('applies each group once and combines groups', () => {
    expect(heatmapAvailabilityMultiplier('24/7, always available')).toBeCloseTo(1.3);
    expect(heatmapAvailabilityMultiplier('24/7 (Term time only)')).toBeCloseTo(1.3 * 0.9);
    expect(heatmapAvailabilityMultiplier(null)).toBe(1);
  });

  it('reads the display hours and plain-text availability, not the JSON schedule', () => {
    expect(kitAvailabilityText({ openingHours: '24/7', availability: '{"is24x7":true}' })).toBe('24/7');
    expect(kitAvailabilityText({ openingHours: null, availability: 'business hours' })).toBe('business hours');
  });
});

describe(heatmapSchemeMultiplier.name, () => {
  it('gives the availability scheme 1.4 for unlocked cabinets and 24/7 buildings', () => {
    expect(heatmapSchemeMultiplier('availability', 'unlocked_cabinet')).toBe(1.4);
    expect(heatmapSchemeMultiplier('availability', 'building_247')).toBe(1.4);
    expect(heatmapSchemeMultiplier('availability', 'twentyfour_seven')).toBe(1.4);
    expect(heatmapSchemeMultiplier('availability', 'locked_cabinet')).toBe(1);
  });

  it('gives the emergency scheme 1.5 for unlocked cabinets only', () => {
    expect(heatmapSchemeMultiplier('emergency', 'unlocked_cabinet')).toBe(1.5);
    expect(heatmapSchemeMultiplier('emergency', 'building_247')).toBe(1);
  });

  it('leaves default and coverage alone', () => {
    expect(heatmapSchemeMultiplier('default', 'unlocked_cabinet')).toBe(1);
    expect(heatmapSchemeMultiplier('coverage', 'unlocked_cabinet')).toBe(1);
    expect(HEATMAP_SCHEMES).toEqual(['default', 'emergency', 'coverage', 'availability']);
  });
});

describe(heatmapWeight.name, () => {
  it('multiplies type, availability text and scheme bonus, scaled by intensity', () => {
    const kit = { locationType: 'unlocked_cabinet', openingHours: '24/7', availability: null };
    expect(heatmapWeight(kit, 'default', 100)).toBeCloseTo(1.3);
    expect(heatmapWeight(kit, 'emergency', 50)).toBeCloseTo(1 * 1.3 * 1.5 * 0.5);
    expect(heatmapWeight({ locationType: 'building_limited', openingHours: 'Business hours' }, 'availability', 150)).toBeCloseTo(0.5 * 0.7 * 1.5);
  });
});

describe('heatmap intensity', () => {
  it('starts at 50% and moves in 10% steps', () => {
    expect(HEATMAP_INTENSITY.initial).toBe(50);
    expect(stepHeatmapIntensity(50, 1)).toBe(60);
    expect(stepHeatmapIntensity(50, -1)).toBe(40);
  });

  it('is clamped to 10%..150%', () => {
    expect(stepHeatmapIntensity(150, 1)).toBe(150);
    expect(stepHeatmapIntensity(10, -1)).toBe(10);
    expect(clampHeatmapIntensity(400)).toBe(150);
    expect(clampHeatmapIntensity(0)).toBe(10);
    expect(clampHeatmapIntensity(-30)).toBe(10);
    expect(clampHeatmapIntensity(Number.NaN)).toBe(50);
    expect(clampHeatmapIntensity(74)).toBe(70);
  });
});

describe(heatmapStyleForZoom.name, () => {
  it.each([
    [5, 30, 0.8],
    [6, 30, 0.8],
    [7, 25, 0.75],
    [8, 25, 0.75],
    [10, 20, 0.7],
    [12, 15, 0.65],
    [13, 10, 0.6],
    [18, 10, 0.6],
  ])('at zoom %d uses radius %d and opacity %d', (zoom, radius, opacity) => {
    expect(heatmapStyleForZoom(zoom)).toEqual({ radius, opacity });
  });
});
