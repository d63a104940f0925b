import type { PublicLocationType } from '@bleedkits/contracts';

/** The finder's pins: a colour per public location type, the legend's names, and how a stored type reads as one. */
export const PIN_COLOURS: Readonly<Record<PublicLocationType, string>> = {
  unlocked_cabinet: '#4CAF50',
  locked_cabinet: '#FF9800',
  building_limited: '#F44336',
  building_247: '#1E88E5',
  legacy_unknown: '#9C27B0',
};
export const DEFAULT_PIN_COLOUR = '#9E9E9E';

export const PIN_LEGEND: readonly { type: PublicLocationType; label: string }[] = [
  { type: 'unlocked_cabinet', label: 'Unlocked Cabinet (24/7)' },
  { type: 'locked_cabinet', label: 'Locked Cabinet (24/7)' },
  { type: 'building_limited', label: 'Building (Limited Hours)' },
  { type: 'building_247', label: 'Building (24/7 Access)' },
  { type: 'legacy_unknown', label: 'Unknown / Legacy Sites' },
];

/**
 * Variants (unknown, missing underscores, text containing lock, cabinet, build, 247 or 24/7) normalise to the five
 * public types; a missing type gives null (the default grey pin).
 */
export function normaliseLocationType(raw: unknown): PublicLocationType | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const t = String(raw)
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');
  const compact = t.replace(/_/g, '');
  if (compact === 'unlockedcabinet') return 'unlocked_cabinet';
  if (compact === 'lockedcabinet') return 'locked_cabinet';
  if (compact === 'buildinglimited') return 'building_limited';
  if (compact === 'building247') return 'building_247';
  if (compact === 'legacyunknown' || compact === 'unknown' || compact === 'legacy') return 'legacy_unknown';
  if (t.includes('unlock')) return 'unlocked_cabinet';
  if (t.includes('lock')) return 'locked_cabinet';
  if (t.includes('build')) return t.includes('247') || t.includes('24/7') ? 'building_247' : 'building_limited';
  if (t.includes('247') || t.includes('24/7')) return 'building_247';
  if (t.includes('cabinet')) return 'unlocked_cabinet';
  return 'legacy_unknown';
}
