import type { Option } from './option';

/** Types a custodian chooses at registration. */
export const REGISTRATION_LOCATION_TYPES = ['unlocked_cabinet', 'locked_cabinet', 'building_limited', 'building_247'] as const;
/** Extra types only the admin edit offers. */
export const ADMIN_ONLY_LOCATION_TYPES = ['vehicle', 'other', 'legacy_unknown'] as const;
export const LOCATION_TYPES = [...REGISTRATION_LOCATION_TYPES, ...ADMIN_ONLY_LOCATION_TYPES] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const DEFAULT_LOCATION_TYPE: LocationType = 'unlocked_cabinet';

export const LOCATION_TYPE_LABELS: Readonly<Record<LocationType, string>> = {
  unlocked_cabinet: 'Unlocked Cabinet',
  locked_cabinet: 'Locked Cabinet',
  building_limited: 'Building Limited Hours',
  building_247: 'Building 24/7',
  vehicle: 'Emergency Vehicle',
  other: 'Other Location',
  legacy_unknown: 'Legacy/Unknown',
};

export const REGISTRATION_LOCATION_TYPE_OPTIONS: readonly Option<LocationType>[] = REGISTRATION_LOCATION_TYPES.map((value) => ({
  value,
  label: LOCATION_TYPE_LABELS[value],
}));
export const ADMIN_LOCATION_TYPE_OPTIONS: readonly Option<LocationType>[] = LOCATION_TYPES.map((value) => ({
  value,
  label: LOCATION_TYPE_LABELS[value],
}));

/** The five types the public finder recognises (pin colours and legend). */
export const PUBLIC_LOCATION_TYPES = ['unlocked_cabinet', 'locked_cabinet', 'building_limited', 'building_247', 'legacy_unknown'] as const;
export type PublicLocationType = (typeof PUBLIC_LOCATION_TYPES)[number];
