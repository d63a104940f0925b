import type { PublicKit } from '../kits/kit';
import type { FinderKit } from './finder';

/**
 * The national snapshot of public kits (GET /api/bleed-kits/public-snapshot) that the installed web app keeps for
 * offline use. Written by geo-search from its public projection, read by the web. Compact on purpose (the
 * snapshot for today's register must stay under 1.5 MB gzipped): one array per kit in the order of `fields`,
 * coordinates to 5 decimals (about a metre), and the outward-code gazetteer (postcode districts at the centroid
 * of their public kits) so a postcode district can be searched with no network.
 *
 * Only public fields, and fewer than the public listing: what the offline list shows and the open-now rule reads.
 */
export const PUBLIC_SNAPSHOT_FIELDS = [
  'id',
  'locationName',
  'locationType',
  'latitude',
  'longitude',
  'openingHours',
  'availability',
  'what3words',
  'addressLine1',
  'postcode',
  'detailedLocation',
  'deploymentStatus',
  'verificationStatus',
] as const satisfies readonly (keyof PublicKit)[];

export type PublicSnapshotField = (typeof PUBLIC_SNAPSHOT_FIELDS)[number];
export type PublicSnapshotRow = (string | number | null)[];

export type PublicSnapshot = {
  format: 1;
  /** The kits feed revision the snapshot was made at. */
  revision: number;
  fields: readonly PublicSnapshotField[];
  kits: PublicSnapshotRow[];
  /** Outward code → [latitude, longitude] of the centroid of its public kits. */
  outwardCodes: Record<string, [number, number]>;
};

export const PUBLIC_SNAPSHOT_PATH = '/api/bleed-kits/public-snapshot';

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** One kit's row; empty text is written as null. */
export function publicSnapshotRow(kit: PublicKit): PublicSnapshotRow {
  return PUBLIC_SNAPSHOT_FIELDS.map((field) => {
    const v = kit[field];
    if (field === 'latitude' || field === 'longitude') return round5(v as number);
    if (typeof v === 'string') return v.trim() === '' ? null : v;
    return v ?? null;
  });
}

/** The gazetteer entry of an outward code, rounded like the kits. */
export function publicSnapshotPoint(lat: number, lng: number): [number, number] {
  return [round5(lat), round5(lng)];
}

/** Reads a snapshot document into finder kits; null when it is not one (an unknown format). */
export function readPublicSnapshot(
  value: unknown,
): { revision: number; kits: FinderKit[]; outwardCodes: Map<string, { lat: number; lng: number }> } | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as Partial<PublicSnapshot>;
  if (doc.format !== 1 || !Array.isArray(doc.fields) || !Array.isArray(doc.kits)) return null;
  const at = (name: PublicSnapshotField) => doc.fields!.indexOf(name);
  const index = Object.fromEntries(PUBLIC_SNAPSHOT_FIELDS.map((f) => [f, at(f)])) as Record<PublicSnapshotField, number>;
  const text = (row: PublicSnapshotRow, f: PublicSnapshotField) => {
    const v = index[f] < 0 ? null : row[index[f]];
    return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
  };
  const num = (row: PublicSnapshotRow, f: PublicSnapshotField) => {
    const v = index[f] < 0 ? null : row[index[f]];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const kits: FinderKit[] = [];
  for (const row of doc.kits) {
    if (!Array.isArray(row)) continue;
    kits.push({
      id: text(row, 'id') ?? '',
      locationName: text(row, 'locationName') ?? 'Bleed kit',
      locationType: text(row, 'locationType'),
      latitude: num(row, 'latitude'),
      longitude: num(row, 'longitude'),
      availability: text(row, 'availability'),
      openingHours: text(row, 'openingHours'),
      what3words: text(row, 'what3words'),
      addressLine1: text(row, 'addressLine1'),
      postcode: text(row, 'postcode'),
      detailedLocation: text(row, 'detailedLocation'),
      deploymentStatus: text(row, 'deploymentStatus'),
      verificationStatus: text(row, 'verificationStatus'),
      distance: null,
    });
  }
  const outwardCodes = new Map<string, { lat: number; lng: number }>();
  for (const [code, point] of Object.entries(doc.outwardCodes ?? {})) {
    if (Array.isArray(point) && typeof point[0] === 'number' && typeof point[1] === 'number')
      outwardCodes.set(code.toUpperCase(), { lat: point[0], lng: point[1] });
  }
  return { revision: typeof doc.revision === 'number' ? doc.revision : 0, kits, outwardCodes };
}
