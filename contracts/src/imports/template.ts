import { REGISTRATION_FIELDS } from '../kits/kit';
import { kitRegistrationRules } from '../kits/registration.rules';

/**
 * The CSV template's columns: every registration field, in the spec's field names and the form's order. A row is a
 * registration; latitude and longitude may be left empty for the kit to be located from its postcode.
 */
export const IMPORT_COLUMNS = REGISTRATION_FIELDS;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A file must have a column for every field the registration rules check (the spec's table). */
export const REQUIRED_IMPORT_COLUMNS = Object.keys(kitRegistrationRules) as (keyof typeof kitRegistrationRules)[];

export const IMPORT_TEMPLATE_FILE_NAME = 'bleed-kits-import-template.csv';

/** The one filled example row of the template (a fictitious kit; its coordinates are the form's example). */
export const IMPORT_TEMPLATE_EXAMPLE: Readonly<Record<ImportColumn, string>> = {
  serialNumber: 'DBF-2025-0001',
  make: 'daniel_baird_foundation',
  otherMake: '',
  locationType: 'unlocked_cabinet',
  cabinetCode: '',
  locationName: 'Village Hall',
  addressLine1: '1 Church Lane',
  addressLine2: '',
  city: 'Altrincham',
  postcode: 'WA15 8FH',
  latitude: '53.384092',
  longitude: '-2.337856',
  what3words: '',
  detailedLocation: 'On the wall to the left of the main door',
  openingHours: '24/7',
  availability: '',
  purchaseDate: '2025-01-10',
  expiryDate: '2028-01-10',
  custodianName: 'Jo Custodian',
  custodianPhone: '01612345678',
  custodianEmail: 'jo@example.org',
  ambulanceService: '',
  publicDisplay: 'true',
};

/**
 * Header names are matched ignoring case, spaces, underscores and hyphens, so 'Serial Number', 'serial_number' and
 * 'SERIALNUMBER' all name serialNumber (a spreadsheet's own headings, or the comparison's snake_case, both work).
 */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .replace(/["']/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

const COLUMN_BY_KEY = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((c) => [headerKey(c), c]));

/** The template column a header names, or null for a column the import ignores. */
export function importColumnOf(header: string): ImportColumn | null {
  return COLUMN_BY_KEY.get(headerKey(header)) ?? null;
}

/** The template's text: header and example row, CRLF line ends, cells quoted only when they must be. */
export function importTemplateCsv(): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const header = IMPORT_COLUMNS.join(',');
  const example = IMPORT_COLUMNS.map((c) => quote(IMPORT_TEMPLATE_EXAMPLE[c])).join(',');
  return `${header}\r\n${example}\r\n`;
}
