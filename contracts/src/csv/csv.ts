/**
 * CSV for ambulance-service downloads and the admin's local exports: one set of rules.
 * A text cell that a spreadsheet would read as a formula (= + - @, tab, CR, LF first, or = + - @ after a `;` or
 * `,`) gets a leading quote;
 * numbers stay numbers, so coordinates remain numeric.
 */
export type CsvCell = string | number | boolean | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * A separator followed by a formula character: a spreadsheet that splits on `;` or `,` (other locales, "text to
 * columns", a re-import) starts a new cell there, so `x;=1+1` would run `=1+1`.
 */
const FORMULA_AFTER_SEPARATOR = /[;,]\s*[=+\-@]/;

export function neutraliseCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return FORMULA_START.test(value) || FORMULA_AFTER_SEPARATOR.test(value) ? `'${value}` : value;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => quote(neutraliseCell(c.header))).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(neutraliseCell(c.value(row)))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** A dated file name: `<base>-YYYY-MM-DD.csv`. */
export function datedCsvName(base: string, date: Date = new Date()): string {
  return `${base}-${date.toISOString().slice(0, 10)}.csv`;
}
