import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { IMPORT_COLUMNS, type ImportColumn } from '@bleedkits/contracts';
import { sharedDataPath } from '@bleedkits/platform/testing';

/**
 * Real third-party data, read where it lives (never copied into the repository):
 * - Trafford Council's defibrillator sites (Open Government Licence v3.0, Trafford Data Lab, January 2017);
 * - the Isle of Man's defibrillators from OpenStreetMap (© OpenStreetMap contributors, ODbL 1.0);
 * - outward-code centroids of UK postcodes (gibbs-uk-outcodes, CC0 1.0), used to give each Isle of Man site
 *   the outward code and locality nearest to it, since OpenStreetMap records no address for them.
 * Each is turned into the import template the way a volunteer would fill it in: what the source says goes in
 * its column; what it does not say (serial number, make, dates, custodian) is filled in as the uploading
 * organisation would. Whatever the source leaves empty stays empty, and the import's rules decide.
 */
export const SHARED_DATA = sharedDataPath();

type Row = Partial<Record<ImportColumn, string>>;
/** Kept free of the test harness: the browser test (web/e2e) builds the same files. */
const csvLine = (cells: readonly string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
const CUSTODIAN = { custodianName: 'Community First Responders', custodianPhone: '01610000000', custodianEmail: 'responders@example.org' };

function templateCsv(rows: Row[]): string {
  return [csvLine(IMPORT_COLUMNS), ...rows.map((r) => csvLine(IMPORT_COLUMNS.map((c) => r[c] ?? '')))].join('\r\n') + '\r\n';
}

const na = (v: string | undefined) => (v && v.trim() !== 'NA' ? v.trim() : '');

/** Trafford: 185 sites with address, postcode and coordinates. */
export function traffordTemplateCsv(): { csv: string; rows: number } {
  const records: Record<string, string>[] = parse(readFileSync(path.join(SHARED_DATA, 'trafford-defibrillators/trafford_defibrillators.csv')), {
    columns: true,
  });
  const rows = records.map((r, i): Row => {
    const town = na(r.Address3) || na(r.Address2);
    const purchased = `${r.date_modified}-01`;
    return {
      serialNumber: `TRAFFORD-${String(i + 1).padStart(3, '0')}`,
      make: 'other',
      otherMake: 'Public access site (Trafford Council open data)',
      locationType: 'unlocked_cabinet',
      locationName: r.Location,
      addressLine1: na(r.Address1),
      addressLine2: na(r.Address3) ? na(r.Address2) : '',
      city: town,
      postcode: na(r.Postcode),
      latitude: na(r.Latitude),
      longitude: na(r.Longitude),
      detailedLocation: na(r.Notes),
      purchaseDate: purchased,
      expiryDate: `${Number(purchased.slice(0, 4)) + 5}${purchased.slice(4)}`,
      ...CUSTODIAN,
      publicDisplay: 'true',
    };
  });
  return { csv: templateCsv(rows), rows: rows.length };
}

type Outcode = { code: string; town: string; lat: number; lng: number };
function isleOfManOutcodes(): Outcode[] {
  const records: Record<string, string>[] = parse(readFileSync(path.join(SHARED_DATA, 'gibbs-uk-outcodes/postcodes.csv')), { columns: true });
  return records
    .filter((r) => r.postcode.startsWith('IM'))
    .map((r) => ({ code: r.postcode, town: r.town, lat: Number(r.latitude), lng: Number(r.longitude) }));
}

/** Isle of Man: 49 OpenStreetMap nodes with coordinates; 30 say where the defibrillator is, 19 say nothing. */
export function isleOfManTemplateCsv(): { csv: string; rows: number; unnamedOsmIds: string[] } {
  const records: Record<string, string>[] = parse(readFileSync(path.join(SHARED_DATA, 'isleofman-osm-defibrillators/defibrillators.csv')), {
    columns: true,
  });
  const outcodes = isleOfManOutcodes();
  const nearest = (lat: number, lng: number) =>
    outcodes.reduce((best, o) => ((o.lat - lat) ** 2 + (o.lng - lng) ** 2 < (best.lat - lat) ** 2 + (best.lng - lng) ** 2 ? o : best));
  const rows = records.map((r): Row => {
    const place = nearest(Number(r.lat), Number(r.lon));
    return {
      serialNumber: `OSM-${r.osm_id}`,
      make: 'other',
      otherMake: 'Public access site (OpenStreetMap)',
      locationType: 'unlocked_cabinet',
      locationName: r['defibrillator:location'].trim(),
      addressLine1: place.town,
      city: 'Isle of Man',
      postcode: place.code,
      latitude: r.lat,
      longitude: r.lon,
      openingHours: r.opening_hours,
      purchaseDate: '2024-01-01',
      expiryDate: '2029-01-01',
      ...CUSTODIAN,
      publicDisplay: 'true',
    };
  });
  return {
    csv: templateCsv(rows),
    rows: rows.length,
    unnamedOsmIds: records.filter((r) => !r['defibrillator:location'].trim()).map((r) => r.osm_id),
  };
}
