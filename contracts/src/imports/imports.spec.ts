import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, headerKey, importColumnOf, importTemplateCsv } from './template';
import { comparableValue, comparedKitField, locationMatchKey, normaliseComparisonHeader, serialMatchKey } from './comparison';
import { importProgress } from './import-job';
import { ImportMessages } from './messages';

describe('the CSV template', () => {
  it('has a header of every registration field in the spec names and one example row', () => {
    const [header, example, end] = importTemplateCsv().split('\r\n');
    expect(header.split(',')).toEqual([...IMPORT_COLUMNS]);
    expect(example.split(',')).toHaveLength(IMPORT_COLUMNS.length);
    expect(example).toContain('DBF-2025-0001');
    expect(end).toBe('');
    expect(REQUIRED_IMPORT_COLUMNS).toEqual(expect.arrayContaining(['serialNumber', 'custodianEmail', 'postcode']));
    expect(REQUIRED_IMPORT_COLUMNS).not.toContain('latitude');
  });

  it('matches header names ignoring case, spaces, underscores and hyphens', () => {
    expect(['Serial Number', 'serial_number', 'SERIALNUMBER', ' serial-number ', '"serialNumber"'].map(importColumnOf)).toEqual(
      Array(5).fill('serialNumber'),
    );
    expect(importColumnOf('Address Line 1')).toBe('addressLine1');
    expect(importColumnOf('Notes')).toBeNull();
    expect(headerKey('\uFEFFPost Code')).toBe('postcode');
  });
});

describe('the comparison rules', () => {
  it("normalises a plain-text upload's headers as the spec says", () => {
    expect(normaliseComparisonHeader(' "Serial Number" ')).toBe('serial_number');
    expect(normaliseComparisonHeader('Address  Line 1')).toBe('address_line_1');
  });

  it('names kit fields in any spelling and compares values ignoring case, spacing and postcode format', () => {
    expect(comparedKitField('address_line_1')).toBe('addressLine1');
    expect(comparedKitField('status')).toBeNull();
    expect(comparableValue('locationName', ' Village   HALL ')).toBe(comparableValue('locationName', 'village hall'));
    expect(comparableValue('postcode', 'wa158fh')).toBe('WA15 8FH');
    expect(comparableValue('latitude', '53.3840920')).toBe(comparableValue('latitude', 53.384092));
    expect(comparableValue('what3words', null)).toBe('');
  });

  it('matches by serial number, else by location name and postcode', () => {
    expect(serialMatchKey(' dbf-1 ')).toBe('DBF-1');
    expect(locationMatchKey('Village  Hall', 'wa15 8fh')).toBe('village hall|WA158FH');
    expect(locationMatchKey('Village Hall', '')).toBe('');
  });
});

describe(importProgress.name, () => {
  it('is the share of rows processed, whole percent, never over 100', () => {
    expect([importProgress(0, 0), importProgress(1, 3), importProgress(3, 3), importProgress(5, 3)]).toEqual([0, 33, 100, 100]);
  });
});

describe('the import’s row messages', () => {
  it('quote a postcode at most as long as a postcode may be, so a huge cell is not repeated in every report', () => {
    expect(ImportMessages.postcodeNotLocated('ZZ9 9ZZ')).toContain("'ZZ9 9ZZ'");
    expect(ImportMessages.postcodeNotLocated('x'.repeat(5000)).length).toBeLessThan(200);
    expect(ImportMessages.postcodeNotLocated('')).toBe('Latitude and longitude are empty and there is no postcode to locate the kit from.');
  });

  it('name the row limit in the words of a spreadsheet user', () => {
    expect(ImportMessages.tooManyRows(5000)).toBe(
      'The file has more than 5,000 kit rows, the most one import takes. Split it into files of at most 5,000 rows and upload each.',
    );
  });
});
