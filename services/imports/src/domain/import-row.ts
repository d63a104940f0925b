import { IMPORT_MAX_CELL_LENGTH, type ImportColumn, ImportMessages, type KitRegistration, hasLocation, parseCoordinate } from '@bleedkits/contracts';

export type ImportedRow = {
  row: number;
  /** The registration the row spells, cells trimmed and otherwise as typed (a formula-looking cell stays as it is). */
  kit: Partial<Record<keyof KitRegistration, unknown>>;
  /** Messages found before the registration rules run (a cell too long to be a field). */
  errors: string[];
};

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** A spreadsheet's yes/no as a boolean; anything else stays text for the form's rule to refuse. */
export function publicDisplayCell(text: string): boolean | string | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  return text;
}

/** A CSV record as a registration, by the header's columns. Empty cells are absent fields. */
export function importedRow(row: number, cells: readonly string[], columns: readonly (ImportColumn | null)[]): ImportedRow {
  const kit: ImportedRow['kit'] = {};
  const errors: string[] = [];
  columns.forEach((column, i) => {
    if (!column) return;
    const value = (cells[i] ?? '').trim();
    if (value.length > IMPORT_MAX_CELL_LENGTH) errors.push(ImportMessages.cellTooLong(column));
    if (!value) return;
    kit[column] = column === 'publicDisplay' ? publicDisplayCell(value) : value;
  });
  return { row, kit, errors };
}

/** Where the kit is: given, to be found from the postcode, or half given (refused: we will not guess the other half). */
export function locationOf(kit: ImportedRow['kit']): 'given' | 'from-postcode' | 'half' {
  if (hasLocation(kit)) return 'given';
  const lat = parseCoordinate(kit.latitude);
  const lng = parseCoordinate(kit.longitude);
  return lat === null && lng === null && kit.latitude === undefined && kit.longitude === undefined ? 'from-postcode' : 'half';
}
