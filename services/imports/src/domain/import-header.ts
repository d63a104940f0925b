import { type ImportColumn, ImportMessages, REQUIRED_IMPORT_COLUMNS, importColumnOf } from '@bleedkits/contracts';

/** Which template column each header cell names (null: a column the import ignores), or why the header is refused. */
export type HeaderReading = { ok: true; columns: (ImportColumn | null)[] } | { ok: false; errors: string[] };

/** Header names match ignoring case and spaces; a missing required column is one error naming it. */
export function readHeader(cells: readonly string[]): HeaderReading {
  const columns = cells.map((c) => importColumnOf(c));
  const errors: string[] = [];
  const seen = new Set<ImportColumn>();
  for (const c of columns) {
    if (c && seen.has(c)) errors.push(ImportMessages.duplicateColumn(c));
    if (c) seen.add(c);
  }
  for (const required of REQUIRED_IMPORT_COLUMNS) if (!seen.has(required)) errors.push(ImportMessages.missingColumn(required));
  return errors.length ? { ok: false, errors } : { ok: true, columns };
}
