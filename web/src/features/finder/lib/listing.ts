import type { FinderKit, KitCluster } from '@bleedkits/contracts';

/**
 * The finder's listing answers (viewport, search, nearby) read leniently into FinderKit: the spec allows snake_case
 * aliases and coordinates as strings or numbers.
 */
export type FinderItem = FinderKit | KitCluster;

type Raw = Record<string, unknown>;

function text(raw: Raw, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = raw[k];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

function num(raw: Raw, ...keys: string[]): number | null {
  for (const k of keys) {
    const v = raw[k];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) return n;
  }
  return null;
}

/** Reads one listing item; null when it is not an object. Clusters keep their shape. */
export function readFinderItem(value: unknown): FinderItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Raw;
  if (raw.isCluster === true) {
    const latitude = num(raw, 'latitude', 'lat');
    const longitude = num(raw, 'longitude', 'lng');
    if (latitude === null || longitude === null) return null;
    return { isCluster: true, id: String(raw.id ?? `${latitude},${longitude}`), count: num(raw, 'count') ?? 0, latitude, longitude };
  }
  const latitude = num(raw, 'latitude', 'lat');
  const longitude = num(raw, 'longitude', 'lng');
  return {
    id: String(raw.id ?? `${latitude},${longitude}`),
    locationName: text(raw, 'locationName', 'location_name') ?? 'Bleed kit',
    locationType: text(raw, 'locationType', 'location_type'),
    latitude,
    longitude,
    availability: text(raw, 'availability'),
    openingHours: text(raw, 'openingHours', 'opening_hours'),
    what3words: text(raw, 'what3words'),
    addressLine1: text(raw, 'addressLine1', 'address_line1', 'address_line_1'),
    postcode: text(raw, 'postcode'),
    detailedLocation: text(raw, 'detailedLocation', 'detailed_location'),
    deploymentStatus: text(raw, 'deploymentStatus', 'deployment_status'),
    verificationStatus: text(raw, 'verificationStatus', 'verification_status'),
    distance: num(raw, 'distance'),
  };
}

/** Reads a listing answer; anything but an array reads as empty. */
export function readFinderItems(value: unknown): FinderItem[] {
  if (!Array.isArray(value)) return [];
  return value.map(readFinderItem).filter((i): i is FinderItem => i !== null);
}

export function isFinderKit(item: FinderItem): item is FinderKit {
  return !('isCluster' in item && item.isCluster === true);
}

export function hasPosition(kit: FinderKit): kit is FinderKit & { latitude: number; longitude: number } {
  return kit.latitude !== null && kit.longitude !== null;
}
