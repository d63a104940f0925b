import { IMPORT_COLUMNS } from '@bleedkits/contracts';

/** The import template's header line. */
export const IMPORT_HEADER = IMPORT_COLUMNS.join(',');

const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** One row of an import file in the register's columns: a valid kit with coordinates, any field overridden. */
export function importRow(values: Record<string, string> = {}): string {
  const kit: Record<string, string> = {
    serialNumber: 'CSV-0001',
    make: 'mere',
    locationType: 'unlocked_cabinet',
    locationName: 'Parish Hall',
    addressLine1: '3 Church Road',
    city: 'Urmston',
    postcode: 'M41 6NA',
    latitude: '53.448269',
    longitude: '-2.393184',
    purchaseDate: '2025-02-01',
    expiryDate: '2028-02-01',
    custodianName: 'Pat Parish',
    custodianPhone: '01619999999',
    custodianEmail: 'pat@example.org',
    ...values,
  };
  return IMPORT_COLUMNS.map((c) => quote(kit[c] ?? '')).join(',');
}

/** A whole import file: the header, then the rows, CRLF as spreadsheets write it. */
export const importCsv = (rows: readonly string[]) => [IMPORT_HEADER, ...rows].join('\r\n') + '\r\n';
