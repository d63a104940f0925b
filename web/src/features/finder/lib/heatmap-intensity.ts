/**
 * The heatmap's intensity, in percent: where it starts, its step and bounds. Apart from lib/heatmap (which the map and
 * the heatmap box load with the map) because the finder panel, in the home page's first download, holds the setting.
 */
export const HEATMAP_INTENSITY = { initial: 50, step: 10, min: 10, max: 150 } as const;
