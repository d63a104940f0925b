import type { Option } from './option';

/** The eight makes the register is seeded with; admins may add more (the kits context owns the live list). */
export const KIT_MAKES = [
  'daniel_baird_foundation',
  'mere',
  'traumamed',
  'steroplast',
  'st_john_ambulance',
  'bleed_save',
  'heartsafe',
  'other',
] as const;
export type SeedKitMake = (typeof KIT_MAKES)[number];

/** 'other' is the fallback for unlisted manufacturers and can never be removed. */
export const OTHER_MAKE = 'other';
export const DEFAULT_MAKE: SeedKitMake = 'daniel_baird_foundation';

const SPECIAL_MAKE_LABELS: Readonly<Record<string, string>> = {
  daniel_baird_foundation: 'Daniel Baird Foundation (Turtle)',
};

/** Names display with underscores replaced by spaces, except where the spec gives a label. */
export function makeLabel(make: string): string {
  return SPECIAL_MAKE_LABELS[make] ?? make.replace(/_/g, ' ');
}

export const KIT_MAKE_OPTIONS: readonly Option<SeedKitMake>[] = KIT_MAKES.map((value) => ({ value, label: makeLabel(value) }));
