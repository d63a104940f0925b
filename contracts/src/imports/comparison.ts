import type { Actor } from '../identity/actor';
import { normalisePostcode } from '../kits/postcode';
import { headerKey } from './template';

/**
 * The fields a comparison looks at: the CSV side's snake_case name (spec: serial_number, location_name,
 * address_line_1, ...) and the kit's field. Cabinet codes are never compared (they leave the system only in
 * ambulance-service exports).
 */
export const COMPARISON_FIELDS = [
  ['serial_number', 'serialNumber'],
  ['make', 'make'],
  ['location_type', 'locationType'],
  ['location_name', 'locationName'],
  ['address_line_1', 'addressLine1'],
  ['address_line_2', 'addressLine2'],
  ['city', 'city'],
  ['postcode', 'postcode'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['what3words', 'what3words'],
  ['detailed_location', 'detailedLocation'],
  ['opening_hours', 'openingHours'],
  ['purchase_date', 'purchaseDate'],
  ['expiry_date', 'expiryDate'],
  ['custodian_name', 'custodianName'],
  ['custodian_phone', 'custodianPhone'],
  ['custodian_email', 'custodianEmail'],
  ['ambulance_service', 'ambulanceService'],
] as const;
export type ComparisonField = (typeof COMPARISON_FIELDS)[number][0];
export type ComparedKitField = (typeof COMPARISON_FIELDS)[number][1];

const KIT_FIELD_BY_KEY = new Map<string, ComparedKitField>(COMPARISON_FIELDS.map(([csv, kit]) => [headerKey(csv), kit]));
const CSV_FIELD_BY_KIT = new Map<ComparedKitField, ComparisonField>(COMPARISON_FIELDS.map(([csv, kit]) => [kit, csv]));

/** The kit field a comparison column (or a change's `field`) names, ignoring case, spaces and underscores. */
export function comparedKitField(column: string): ComparedKitField | null {
  return KIT_FIELD_BY_KEY.get(headerKey(column)) ?? null;
}
export function comparisonFieldOf(kitField: ComparedKitField): ComparisonField {
  return CSV_FIELD_BY_KIT.get(kitField)!;
}

/** The spec's header rule for a plain-text upload: lower-cased, spaces to underscores, quotes stripped. */
export function normaliseComparisonHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/["']/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
}

/**
 * A value as the comparison and the stale check see it: text trimmed, inner whitespace collapsed and case ignored
 * (files from ambulance services and manufacturers often shout in capitals: a case-only change is not worth an
 * update), postcodes normalised, coordinates to 6 decimals. Two values are the same when these are equal.
 */
export function comparableValue(field: ComparedKitField, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim().replace(/\s+/g, ' ');
  if (!text) return '';
  if (field === 'postcode') return normalisePostcode(text);
  if (field === 'latitude' || field === 'longitude') {
    const n = Number(text);
    return Number.isFinite(n) ? n.toFixed(6) : text;
  }
  return text.toLowerCase();
}

/** The matching rule (docs/decisions.md): serial number first, then location name and postcode. */
export function serialMatchKey(serial: unknown): string {
  return String(serial ?? '')
    .trim()
    .toUpperCase();
}
export function locationMatchKey(locationName: unknown, postcode: unknown): string {
  const name = String(locationName ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  const pc = normalisePostcode(String(postcode ?? '')).replace(/\s/g, '');
  return name && pc ? `${name}|${pc}` : '';
}

/** A register kit on the comparison's side: snake_case, as the spec's dialog reads it. */
export type ComparisonKit = { id: number; status: string } & Record<ComparisonField, string | number | null>;

export type ComparisonDifference = { field: ComparisonField; current: string | number | null; proposed: string; reason: string };
export type ComparisonMatch = {
  csv_data: Record<string, string>;
  db_data: ComparisonKit;
  match_type: 'serial_number' | 'location_name_postcode';
  differences: ComparisonDifference[];
};
export type ComparisonUnmatched = { csv_data: Record<string, string> };

/** POST /api/admin/csv-comparison */
export type CsvComparisonResponse = {
  matched: ComparisonMatch[];
  unmatched_csv: ComparisonUnmatched[];
  summary: { potential_updates: number; new_kits: number; matched_count: number };
};

export const ComparisonReasons = {
  missing: 'The register has no value',
  differs: 'The CSV value differs from the register',
} as const;

/** imports.qry.compare-csv-rows.v1: a part of the uploaded rows (the gateway splits the upload). */
export type CompareCsvRowsRequest = { actor: Actor; rows: Record<string, unknown>[] };
export type CompareCsvRowsResponse = { matched: ComparisonMatch[]; unmatched_csv: ComparisonUnmatched[] };
/** Rows per comparison part: its answer (each match carries the kit) stays far below NATS's 1 MB. */
export const COMPARISON_PART_ROWS = 100;
/** Rows in one comparison upload. */
export const COMPARISON_MAX_ROWS = 50_000;

export const ComparisonMessages = {
  unparseable: 'Unable to parse the uploaded file. Please check the format.',
  noRows: 'csvData must be a non-empty array of rows.',
  tooManyRows: `A comparison takes at most ${COMPARISON_MAX_ROWS} rows.`,
  failed: 'CSV comparison failed',
} as const;
