import { ImportMessages, REQUIRED_IMPORT_COLUMNS } from '@bleedkits/contracts';
import { readApprovedUpdate } from './approved-update';
import { KitIndex, comparisonRow, differencesOf, registrationFromRow } from './comparison';
import { csvRecords, isBlankRecord } from './csv-records';
import { readHeader } from './import-header';
import { importedRow, locationOf, publicDisplayCell } from './import-row';

const kit = (id: number, overrides: Record<string, unknown> = {}) =>
  ({
    id,
    status: 'active',
    serialNumber: `S-${id}`,
    make: 'mere',
    locationType: 'unlocked_cabinet',
    locationName: `Hall ${id}`,
    addressLine1: '1 Road',
    addressLine2: null,
    city: 'Sale',
    postcode: 'M33 7ZF',
    latitude: 53.42,
    longitude: -2.32,
    what3words: null,
    detailedLocation: null,
    openingHours: '24/7',
    purchaseDate: '2025-01-01',
    expiryDate: '2028-01-01',
    custodianName: 'Jo',
    custodianPhone: '01610000000',
    custodianEmail: 'jo@example.org',
    ambulanceService: 'north_west',
    ...overrides,
  }) as never;

describe('csvRecords', () => {
  it('numbers every record as a spreadsheet row, quoted newlines inside one row', async () => {
    const rows = [];
    for await (const r of csvRecords('a,b\r\n"x\r\ny",1\r\n\r\n,,\r\nz,2')) rows.push(r);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[1].cells).toEqual(['x\r\ny', '1']);
    expect(rows.filter((r) => isBlankRecord(r.cells)).map((r) => r.row)).toEqual([3, 4]);
  });

  it('refuses a malformed file with the spec message and where it went wrong', async () => {
    const read = async () => {
      for await (const _ of csvRecords('a,b\r\n"open,1\r\n')) void _;
    };
    await expect(read()).rejects.toThrow(/^Unable to parse the uploaded file\. Please check the format\. \(Quote Not Closed: .* line 3\)$/);
  });
});

describe(readHeader.name, () => {
  it('maps template columns in any spelling and names each missing required column once', () => {
    const ok = readHeader([...REQUIRED_IMPORT_COLUMNS.map((c) => c.toUpperCase()), 'Notes']);
    expect(ok).toEqual({ ok: true, columns: [...REQUIRED_IMPORT_COLUMNS, null] });
    expect(readHeader(['Serial Number', 'serial_number'])).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([ImportMessages.duplicateColumn('serialNumber'), ImportMessages.missingColumn('postcode')]),
    });
  });
});

describe(importedRow.name, () => {
  it('trims cells, leaves empty ones out, keeps formulas as typed and refuses an over-long cell', () => {
    const row = importedRow(
      7,
      [' A-1 ', '', '=SUM(1,2)', 'x'.repeat(5001), 'Yes'],
      ['serialNumber', 'make', 'locationName', 'detailedLocation', 'publicDisplay'],
    );
    expect(row).toEqual({
      row: 7,
      kit: { serialNumber: 'A-1', locationName: '=SUM(1,2)', detailedLocation: 'x'.repeat(5001), publicDisplay: true },
      errors: [ImportMessages.cellTooLong('detailedLocation')],
    });
    expect([publicDisplayCell('no'), publicDisplayCell(''), publicDisplayCell('maybe')]).toEqual([false, undefined, 'maybe']);
  });

  it('tells given coordinates from ones to find and half-given ones', () => {
    expect(locationOf({ latitude: '53.1', longitude: '-2.1' })).toBe('given');
    expect(locationOf({})).toBe('from-postcode');
    expect(locationOf({ latitude: '53.1' })).toBe('half');
    expect(locationOf({ latitude: 'north', longitude: '-2' })).toBe('half');
  });
});

describe('comparison', () => {
  it('matches by serial number first, then by location name and postcode, the oldest kit for a shared key', () => {
    const index = new KitIndex([
      kit(3, { serialNumber: 'DUP' }),
      kit(2, { serialNumber: 'DUP' }),
      kit(5, { locationName: 'Pool', postcode: 'M1 1AE' }),
    ]);
    expect(index.match(comparisonRow({ 'Serial Number': ' dup ' }))?.kit).toMatchObject({ id: 2 });
    expect(index.match(comparisonRow({ 'Location Name': 'POOL', Postcode: 'm11ae' }))).toMatchObject({
      type: 'location_name_postcode',
      kit: { id: 5 },
    });
    expect(index.match(comparisonRow({ serial_number: 'none' }))).toBeNull();
  });

  it('proposes only values that differ, never an empty cell', () => {
    const row = comparisonRow({ serial_number: 's-1', city: 'SALE', custodian_email: '', what3words: 'a.b.c', latitude: '53.420000', notes: 'x' });
    expect(differencesOf(row, kit(1))).toEqual([{ field: 'what3words', current: null, proposed: 'a.b.c', reason: 'The register has no value' }]);
  });

  it("reads a create's row as a registration by the template's names", () => {
    expect(registrationFromRow({ serial_number: 'N-1', address_line_1: '2 Road', custodian_email: 'a@b.org', notes: 'ignored' })).toEqual({
      serialNumber: 'N-1',
      addressLine1: '2 Road',
      custodianEmail: 'a@b.org',
    });
  });
});

describe(readApprovedUpdate.name, () => {
  it('accepts the spec shapes and names what is wrong with the others', () => {
    expect(
      readApprovedUpdate({ action: 'update', db_id: 'BCK-12', changes: [{ field: 'Location Name', old_value: 'A', new_value: ' B ' }] }),
    ).toEqual({
      ok: true,
      value: { action: 'update', kitId: 12, changes: [{ field: 'locationName', oldValue: 'A', newValue: 'B' }] },
    });
    expect(readApprovedUpdate({ action: 'create', csv_data: { serial_number: 7 } })).toEqual({
      ok: true,
      value: { action: 'create', row: { serial_number: '7' } },
    });
    expect(readApprovedUpdate({ action: 'update', db_id: 1, changes: [{ field: 'city', old_value: {}, new_value: 'x' }] })).toEqual({
      ok: false,
      message: 'city: values must be text or numbers',
    });
    expect(readApprovedUpdate(null)).toEqual({ ok: false, message: 'must be an object' });
  });
});
