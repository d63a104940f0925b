import {
  COMPARISON_FIELDS,
  type ComparisonDifference,
  type ComparisonKit,
  type ComparisonMatch,
  ComparisonReasons,
  type ImportColumn,
  type MatchableKit,
  comparableValue,
  comparedKitField,
  comparisonFieldOf,
  importColumnOf,
  locationMatchKey,
  normaliseComparisonHeader,
  serialMatchKey,
} from '@bleedkits/contracts';

/** A CSV row as the comparison reads it: headers normalised (spec), values as trimmed text. */
export function comparisonRow(raw: Record<string, unknown>): Record<string, string> {
  const row: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const header = normaliseComparisonHeader(key);
    if (!header || header in row) continue;
    row[header] = value === null || value === undefined ? '' : String(value).trim();
  }
  return row;
}

/** The value of a row's column for a kit field, whichever spelling the file used. */
function cell(row: Record<string, string>, field: 'serialNumber' | 'locationName' | 'postcode'): string {
  for (const [k, v] of Object.entries(row)) if (comparedKitField(k) === field) return v;
  return '';
}
export const rowSerialKey = (row: Record<string, string>) => serialMatchKey(cell(row, 'serialNumber'));
export const rowLocationKey = (row: Record<string, string>) => locationMatchKey(cell(row, 'locationName'), cell(row, 'postcode'));
export const rowLocation = (row: Record<string, string>) => ({ locationName: cell(row, 'locationName'), postcode: cell(row, 'postcode') });

/** The register kits by the matching rule's keys; where a key names several kits the oldest wins. */
export class KitIndex {
  private readonly bySerial = new Map<string, MatchableKit>();
  private readonly byLocation = new Map<string, MatchableKit>();

  constructor(kits: readonly MatchableKit[]) {
    for (const k of [...kits].sort((a, b) => a.id - b.id)) {
      const s = serialMatchKey(k.serialNumber);
      if (s && !this.bySerial.has(s)) this.bySerial.set(s, k);
      const l = locationMatchKey(k.locationName, k.postcode);
      if (l && !this.byLocation.has(l)) this.byLocation.set(l, k);
    }
  }

  /** Serial number first, then location name + postcode (docs/decisions.md). */
  match(row: Record<string, string>): { kit: MatchableKit; type: ComparisonMatch['match_type'] } | null {
    const serial = this.bySerial.get(rowSerialKey(row));
    if (serial) return { kit: serial, type: 'serial_number' };
    const location = this.byLocation.get(rowLocationKey(row));
    return location ? { kit: location, type: 'location_name_postcode' } : null;
  }
}

/** Each field the row gives a value for that differs from the register (an empty cell proposes nothing). */
export function differencesOf(row: Record<string, string>, kit: MatchableKit): ComparisonDifference[] {
  const out: ComparisonDifference[] = [];
  const seen = new Set<string>();
  for (const [column, proposed] of Object.entries(row)) {
    const field = comparedKitField(column);
    if (!field || seen.has(field) || !proposed) continue;
    seen.add(field);
    const current = kit[field];
    if (comparableValue(field, proposed) === comparableValue(field, current)) continue;
    const empty = comparableValue(field, current) === '';
    out.push({
      field: comparisonFieldOf(field),
      current: current ?? null,
      proposed,
      reason: empty ? ComparisonReasons.missing : ComparisonReasons.differs,
    });
  }
  return out;
}

/** The kit in the comparison's snake_case. */
export function comparisonKit(kit: MatchableKit): ComparisonKit {
  const out = { id: kit.id, status: kit.status } as ComparisonKit;
  for (const [csv, field] of COMPARISON_FIELDS) out[csv] = kit[field] ?? null;
  return out;
}

/** A CSV row of a 'create' update as a registration (its columns named as the template's, in any spelling). */
export function registrationFromRow(row: Record<string, string>): Partial<Record<ImportColumn, string>> {
  const kit: Partial<Record<ImportColumn, string>> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = importColumnOf(key);
    if (column && value && kit[column] === undefined) kit[column] = value;
  }
  return kit;
}
