/** A CSV file as the preview reads it: keyed by the header names of the first line, every value text. */
export type PreviewCsv = { headers: string[]; rows: Record<string, string>[] };

export type KitType = 'cabinet' | 'building';

/** One line's cells: split on commas, a quoted cell may hold commas and doubled quotes. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The spec's preview parser: split on newlines and commas, blank lines skipped; no header row is a failure. */
export function parsePreviewCsv(text: string): PreviewCsv {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new Error('The file has no header row.');
  const headers = cellsOf(lines[0]);
  if (headers.every((h) => h === '')) throw new Error('The file has no header row.');
  const rows = lines.slice(1).map((line) => {
    const cells = cellsOf(line);
    return Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
  });
  return { headers, rows };
}

/** A file name containing 'cabinet' or 'building' says which kits it lists; cabinets otherwise. */
export function kitTypeOf(fileName: string): KitType {
  const name = fileName.toLowerCase();
  if (name.includes('building')) return 'building';
  return 'cabinet';
}

/** What each kind of kit gets: cabinets are open 24/7 behind a code, buildings keep business hours. */
export const KIT_TYPE_ACCESS: Readonly<Record<KitType, { label: string; access: string; code: string }>> = {
  cabinet: { label: 'Cabinet kits', access: '24/7 access', code: '{secret}' },
  building: { label: 'Building kits', access: 'Mon-Fri 09:00-17:00', code: '' },
};

/** The columns the real import cannot do without (spec), matched ignoring case and spaces. */
export const REQUIRED_PREVIEW_COLUMNS = ['Serial Number', 'Location Name', 'Address Line 1', 'City', 'Postcode'] as const;
const key = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, '');
export function missingColumns(headers: readonly string[]): string[] {
  const have = new Set(headers.map(key));
  return REQUIRED_PREVIEW_COLUMNS.filter((c) => !have.has(key(c)));
}

export function validatedFileName(type: KitType, date = new Date()): string {
  return `validated-${type}-kits-${date.toISOString().slice(0, 10)}.csv`;
}

export function sizeInKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
