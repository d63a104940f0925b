import { HEATMAP_INTENSITY } from './heatmap-intensity';
/** Heatmap rules of the finder (spec §4 Map view, §9 Heatmap weights). */

export const HEATMAP_SCHEMES = ['default', 'emergency', 'coverage', 'availability'] as const;
export type HeatmapScheme = (typeof HEATMAP_SCHEMES)[number];

export const HEATMAP_SCHEME_LABELS: Readonly<Record<HeatmapScheme, string>> = {
  default: 'Default',
  emergency: 'Emergency',
  coverage: 'Coverage',
  availability: 'Availability',
};

/** Colour ramps per scheme (transparent first, as the heatmap layer expects). */
export const HEATMAP_GRADIENTS: Readonly<Record<HeatmapScheme, readonly string[]>> = {
  default: [
    'rgba(0, 255, 255, 0)',
    'rgba(0, 191, 255, 1)',
    'rgba(0, 127, 255, 1)',
    'rgba(0, 63, 255, 1)',
    'rgba(127, 0, 255, 1)',
    'rgba(255, 0, 0, 1)',
  ],
  emergency: [
    'rgba(255, 255, 0, 0)',
    'rgba(255, 200, 0, 1)',
    'rgba(255, 140, 0, 1)',
    'rgba(255, 69, 0, 1)',
    'rgba(220, 20, 60, 1)',
    'rgba(139, 0, 0, 1)',
  ],
  coverage: [
    'rgba(173, 216, 230, 0)',
    'rgba(135, 206, 250, 1)',
    'rgba(70, 130, 180, 1)',
    'rgba(65, 105, 225, 1)',
    'rgba(0, 0, 205, 1)',
    'rgba(25, 25, 112, 1)',
  ],
  availability: [
    'rgba(144, 238, 144, 0)',
    'rgba(154, 205, 50, 1)',
    'rgba(50, 205, 50, 1)',
    'rgba(34, 139, 34, 1)',
    'rgba(0, 128, 0, 1)',
    'rgba(0, 100, 0, 1)',
  ],
};

/** Intensity in percent: starts at 50, moves in steps of 10, clamped to 10..150 (its own module, heatmap-intensity.ts). */
export { HEATMAP_INTENSITY };

export function clampHeatmapIntensity(percent: number): number {
  if (!Number.isFinite(percent)) return HEATMAP_INTENSITY.initial;
  const stepped = Math.round(percent / HEATMAP_INTENSITY.step) * HEATMAP_INTENSITY.step;
  return Math.min(HEATMAP_INTENSITY.max, Math.max(HEATMAP_INTENSITY.min, stepped));
}

/** One step up (+1) or down (-1), clamped. */
export function stepHeatmapIntensity(percent: number, direction: 1 | -1): number {
  return clampHeatmapIntensity(clampHeatmapIntensity(percent) + direction * HEATMAP_INTENSITY.step);
}

/**
 * Base weight by location type. The spec names the legacy spellings (twentyfour_seven, limited_hours); the register's
 * own building_247 and building_limited are the same types, so both spellings weigh the same.
 */
export function heatmapTypeWeight(locationType: unknown): number {
  const t = typeof locationType === 'string' ? locationType.toLowerCase().trim() : '';
  switch (t) {
    case 'unlocked_cabinet':
      return 1;
    case 'locked_cabinet':
      return 0.8;
    case 'building_247':
    case 'twentyfour_seven':
      return 0.7;
    case 'building_limited':
    case 'limited_hours':
      return 0.5;
    case 'legacy_unknown':
    case 'legacy':
    case 'unknown':
      return 0.3;
    default:
      return 0.5;
  }
}

const ALWAYS_OPEN = ['24/7', 'all hours', 'always available'];
const OFFICE_HOURS = ['weekdays only', 'business hours', '9am-5pm'];
const TERM_TIME = ['term time'];

/** Availability text multiplier: each matching group applies once (24/7-like 1.3, office hours 0.7, term time 0.9). */
export function heatmapAvailabilityMultiplier(text: string | null | undefined): number {
  const t = (text ?? '').toLowerCase();
  let m = 1;
  if (ALWAYS_OPEN.some((w) => t.includes(w))) m *= 1.3;
  if (OFFICE_HOURS.some((w) => t.includes(w))) m *= 0.7;
  if (TERM_TIME.some((w) => t.includes(w))) m *= 0.9;
  return m;
}

function isUnlockedCabinet(t: string): boolean {
  return t === 'unlocked_cabinet';
}
function isAlwaysOpenType(t: string): boolean {
  return t === 'building_247' || t === 'twentyfour_seven';
}

/** Scheme bonus, a multiplier: availability 1.4 for unlocked cabinets and 24/7 buildings; emergency 1.5 for unlocked cabinets. */
export function heatmapSchemeMultiplier(scheme: HeatmapScheme, locationType: unknown): number {
  const t = typeof locationType === 'string' ? locationType.toLowerCase().trim() : '';
  switch (scheme) {
    case 'availability':
      return isUnlockedCabinet(t) || isAlwaysOpenType(t) ? 1.4 : 1;
    case 'emergency':
      return isUnlockedCabinet(t) ? 1.5 : 1;
    case 'default':
    case 'coverage':
      return 1;
  }
}

/** The text the availability multiplier reads: the display hours, else a plain-text (non-JSON) availability. */
export function kitAvailabilityText(kit: { openingHours?: string | null; availability?: string | null }): string {
  const parts: string[] = [];
  if (kit.openingHours) parts.push(kit.openingHours);
  const a = kit.availability?.trim();
  if (a && !a.startsWith('{')) parts.push(a);
  return parts.join(' ');
}

/** A kit's heatmap weight: type x availability text x scheme bonus, scaled by intensity (percent). */
export function heatmapWeight(
  kit: { locationType?: unknown; openingHours?: string | null; availability?: string | null },
  scheme: HeatmapScheme,
  intensityPercent: number,
): number {
  return (
    heatmapTypeWeight(kit.locationType) *
    heatmapAvailabilityMultiplier(kitAvailabilityText(kit)) *
    heatmapSchemeMultiplier(scheme, kit.locationType) *
    (clampHeatmapIntensity(intensityPercent) / 100)
  );
}

/** Radius (px) and opacity of the heatmap by zoom. */
export function heatmapStyleForZoom(zoom: number): { radius: number; opacity: number } {
  if (zoom <= 6) return { radius: 30, opacity: 0.8 };
  if (zoom <= 8) return { radius: 25, opacity: 0.75 };
  if (zoom <= 10) return { radius: 20, opacity: 0.7 };
  if (zoom <= 12) return { radius: 15, opacity: 0.65 };
  return { radius: 10, opacity: 0.6 };
}
